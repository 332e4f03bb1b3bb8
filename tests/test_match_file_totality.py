"""The match-file readers are total (issue 32): any text reads, or raises the reader's own error
(``InvalidMatFile``, ``InvalidSgfFile``) in a short message of our own words, quickly.

Fuzzed with any unicode text, with real files (ours, gnubg's, the corpus) mutated a few
characters or lines at a time, and seeded with the hostile inputs of issue 32. The other
readers (IDs, XGIDs, saves, links, the address) have their own totality tests:
test_id_totality.py, test_save_totality.py, web/address/test_links_fuzz.py,
web/address/test_params.py.
"""

from __future__ import annotations

import contextlib
import random
import time
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from game.formats.mat import InvalidMatFile, format_mat, read_mat
from game.formats.match_file import read_match_file
from game.formats.sgf import InvalidSgfFile, format_sgf, read_sgf
from game.web.address.params import read_params
from tests.records import played

DATA = Path(__file__).parent / "data"
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
ANY_TEXT = st.text(st.characters(min_codepoint=0, max_codepoint=0x10FFFF, categories=None))
LIMIT = 5.0  # seconds of CPU time for one reading (a loaded machine does not count)


def real_files() -> list[str]:
    texts = [format_mat(played(seed)) for seed in range(6)]
    texts += [format_sgf(played(seed)) for seed in range(6)]
    for pattern in ("mat/*.mat", "mat_corpus/*.mat", "sgf/*.sgf"):
        for path in sorted(DATA.glob(pattern)):
            text = path.read_bytes().decode("utf-8", errors="replace")
            if len(text) < 20_000:
                texts.append(text)
    return texts


REAL = real_files()
HOSTILE = [
    " 1 point match\n Game 1\n" + " " * 2500 + ":x" * 2500 + "\n",
    "1" + " " * 32000 + "x",
    " 1 point match\n Game 1\n A : 0 B : 0\n 1) 31: " + "illegal play(" * 3000,
    "9" * 5000 + " point match\n Game 1\n A : 0 B : 0\n",
    " 3 point match\n Game 1\n A : 0 B : 0\n 1) 31: 8/5 6/²\n",
    "(;GM[6]MI[length:" + "9" * 5000 + "])",
    "(" * 5000,
    "(;GM[6]C[" + "\\" * 5001,
    "(;GM[6];W[31hefe]" + "(;B[52]" * 2000,
]


def read_each(text: str) -> None:
    for reader, own in ((read_mat, InvalidMatFile), (read_sgf, InvalidSgfFile)):
        began = time.process_time()
        try:
            reader(text)
        except own as error:
            assert str(error) and len(str(error)) < 400, str(error)[:500]
        except Exception as error:  # anything else is a crash to fix
            name = f"{reader.__name__} of {text[:200]!r}"
            raise AssertionError(f"{name}: {type(error).__name__}: {error}") from error
        assert time.process_time() - began <= LIMIT, reader.__name__
    with contextlib.suppress(InvalidMatFile, InvalidSgfFile):
        read_match_file(text)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(REAL))
    rng = random.Random(draw(st.integers(0, 2**32)))
    lines = text.splitlines(keepends=True)
    for _ in range(draw(st.integers(1, 4))):
        how = rng.choice(["char", "char", "swap", "drop", "repeat"])
        if how == "char" and text:
            at = rng.randrange(len(text))
            piece = rng.choice([" ", ":", "/", "]", "[", ";", "(", ")", "9", "²", "\n", "x", ""])
            text = text[:at] + piece + text[at + 1 :]
            lines = text.splitlines(keepends=True)
        elif lines:
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            if how == "swap":
                lines[i], lines[j] = lines[j], lines[i]
            elif how == "drop":
                del lines[i]
            else:
                lines.insert(i, lines[j])
            text = "".join(lines)
    return text


@FUZZ
@given(ANY_TEXT)
def test_any_text_reads_or_says_why(text):
    read_each(text)


@settings(FUZZ, max_examples=400)
@given(mutated())
def test_mutated_match_files_read_or_say_why(text):
    read_each(text)


@FUZZ
@given(st.sampled_from(HOSTILE))
def test_hostile_inputs_are_refused_in_words(text):
    read_each(text)


@FUZZ
@given(ANY_TEXT)
@example("?seed=" + "9" * 5000 + "&pace=²")
def test_the_address_is_read_whatever_it_holds(query):
    read_params("?" + query)
