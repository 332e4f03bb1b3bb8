"""Every English message the page can show, found in the source: the template every catalog
is checked against.

- Python (``game/web``): each call ``_("…")``, ``p_("context", "…")``, ``n_("…", "…", n)``,
  ``N_("…")`` and ``Nn_("…", "…")``, read with ``ast``; the English must be a literal
  (``problems`` names any call that is not), so nothing is shown that no catalog can hold.
- The pages (``index.html``, ``embed.html``): each element marked ``data-i18n="KEY"`` (its
  inner HTML, whitespace collapsed, is the message; ``data-i18n-context`` gives a context)
  and each attribute marked ``data-i18n-aria-label="KEY"`` (also ``-title``,
  ``-placeholder``, ``-alt``). ``lang.js`` puts the translations in place by key.
  ``problems`` names any text or such attribute with letters that is not marked (nor inside
  ``translate="no"``, a script, a style, the board's SVG or a ``<pre>``).
- The pages' scripts: each ``t("…")`` call.
- The readers a person meets by typing an ID or opening a file or a link (``READERS``): each
  refusal they raise (a ``game.engine.refusal.Refusal``: its sentence must be a literal, or
  two literals chosen by a condition; ``Kind.counting`` gives two forms, ``sentence("…")``
  marks one kept aside) and each ``Term("…")`` of one (context ``TERM``): the
  page says them in its language (``catalog.Catalog.fill``), the command lines in English.

Runs in CPython only (the tools and tests).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

from game.engine.refusal import AND, LONG_QUOTE, OR

ROOT = Path(__file__).resolve().parents[2]
PAGES = ("index.html", "embed.html")
SCRIPTS = ("lang.js", "boot.js", "embed-shell.js")
PYTHON = "game/web"
# The readers whose every refusal the page words in its language.
READERS = (
    "game/engine/position.py",
    "game/engine/plays.py",
    "game/engine/match.py",
    "game/engine/phase.py",
    "game/engine/state.py",
    "game/engine/state_check.py",
    "game/engine/turn.py",
    "game/engine/notation.py",
    "game/engine/record.py",
    "game/engine/seeded_dice.py",
    "game/formats/position_id.py",
    "game/formats/match_id.py",
    "game/formats/gnubg_id.py",
    "game/formats/xgid.py",
    "game/formats/game_link.py",
    "game/formats/friend_link.py",
    "game/formats/friend_fields.py",
    "game/formats/friend_dice.py",
    "game/formats/mat.py",
    "game/formats/mat_read.py",
    "game/formats/mat_quirks.py",
    "game/formats/sgf.py",
    "game/formats/sgf_syntax.py",
    "game/formats/sgf_game.py",
    "game/formats/sgf_dice.py",
    "game/formats/save.py",  # a saved game (the page's own, in its storage)
    "game/web/state/session.py",  # its settings
    "game/web/store/storage.py",  # its envelope
)
REFUSING = (
    "game/engine",
    "game/formats",
    "game/web/state",
    "game/web/store",
)  # where the kinds of refusal are declared
TERM = "a reader's field"  # the context of a Term (game/web/language/catalog.py says the same)
ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")
FUNCTIONS = {"_": 0, "p_": 1, "n_": 0, "N_": 0, "Nn_": 0}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
HIDDEN = {"script", "style", "svg", "pre", "head"}
_LETTER = re.compile(r"[^\W\d_]")
_SPACE = re.compile(r"\s+")
_SCRIPT_CALL = re.compile(r"""\bt\(\s*"((?:[^"\\]|\\.)*)"\s*[,)]""")


@dataclass(frozen=True)
class Message:
    """An English message: its context, its plural English (or None), where it is used."""

    msgid: str
    context: str = ""
    plural: str | None = None
    where: str = ""
    key: str = ""  # a page's data-i18n key ("" for the scripts' messages)

    @property
    def ident(self) -> tuple[str, str]:
        return (self.context, self.msgid)


def has_letters(text: str) -> bool:
    return bool(_LETTER.search(text))


def collapse(text: str) -> str:
    return _SPACE.sub(" ", text).strip()


@dataclass
class Node:
    """An element of a page with the offsets of its tags in the source."""

    tag: str
    attrs: dict[str, str]
    start: int  # '<' of the start tag
    inner: int  # just after the start tag
    end: int = -1  # '<' of the end tag (-1: a void element, or never closed)
    children: list[Node | tuple[int, int]] = field(default_factory=list)  # text: (start, end)
    parent: Node | None = None


class _TreeBuilder(HTMLParser):
    def __init__(self, source: str) -> None:
        super().__init__(convert_charrefs=False)
        self.source = source
        self.lines = [0]
        for match in re.finditer("\n", source):
            self.lines.append(match.end())
        self.root = Node("#root", {}, 0, 0, len(source))
        self.open: list[Node] = [self.root]

    def _offset(self) -> int:
        line, column = self.getpos()
        return self.lines[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        start = self._offset()
        text = self.get_starttag_text() or ""
        node = Node(tag, {k: v or "" for k, v in attrs}, start, start + len(text))
        node.parent = self.open[-1]
        self.open[-1].children.append(node)
        if tag not in VOID and not text.endswith("/>"):
            self.open.append(node)

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.open) - 1, 0, -1):
            if self.open[depth].tag == tag:
                self.open[depth].end = self._offset()
                del self.open[depth:]
                return

    def _text(self, length: int) -> None:
        start = self._offset()
        self.open[-1].children.append((start, start + length))

    def handle_data(self, data: str) -> None:
        self._text(len(data))

    def handle_entityref(self, name: str) -> None:
        self._text(len(name) + 2)

    def handle_charref(self, name: str) -> None:
        self._text(len(name) + 3)


def tree(source: str) -> Node:
    builder = _TreeBuilder(source)
    builder.feed(source)
    builder.close()
    return builder.root


def walk(node: Node) -> list[Node]:
    out = [node]
    for child in node.children:
        if isinstance(child, Node):
            out.extend(walk(child))
    return out


def _hidden(node: Node | None) -> bool:
    while node is not None:
        if node.tag in HIDDEN or node.attrs.get("translate") == "no":
            return True
        node = node.parent
    return False


def _marked(node: Node | None) -> bool:
    while node is not None:
        if "data-i18n" in node.attrs:
            return True
        node = node.parent
    return False


def page_messages(page: str, source: str) -> tuple[list[Message], list[str]]:
    """The marked messages of one page, and what it shows unmarked."""
    messages: list[Message] = []
    problems: list[str] = []
    for node in walk(tree(source)):
        if node.tag == "#root":
            continue
        key = node.attrs.get("data-i18n")
        if key is not None:
            if node.end < 0:
                problems.append(f"{page}: <{node.tag} data-i18n={key!r}> is never closed")
                continue
            text = collapse(source[node.inner : node.end])
            context = node.attrs.get("data-i18n-context", "")
            messages.append(Message(text, context, None, page, key))
        for name in ATTRIBUTES:
            value = node.attrs.get(name)
            marked = node.attrs.get(f"data-i18n-{name}")
            if marked is not None:
                messages.append(Message(collapse(value or ""), "", None, page, marked))
            elif value and has_letters(value) and not _hidden(node):
                problems.append(f"{page}: <{node.tag}> {name}={value!r} is not marked")
        if _hidden(node) or _marked(node):
            continue
        for child in node.children:
            if isinstance(child, tuple) and has_letters(source[child[0] : child[1]]):
                problems.append(
                    f"{page}: <{node.tag}> shows {collapse(source[child[0] : child[1]])!r} unmarked"
                )
    return messages, problems


def python_messages(path: Path, name: str) -> tuple[list[Message], list[str]]:
    """The messages of one Python file, and the calls whose English is not a literal."""
    messages: list[Message] = []
    problems: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=name)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        first = FUNCTIONS.get(node.func.id)
        if first is None:
            continue
        where = f"{name}:{node.lineno}"
        literals = [a.value if isinstance(a, ast.Constant) else None for a in node.args]
        wanted = first + (2 if node.func.id in ("n_", "Nn_") else 1)
        if len(literals) < wanted or not all(isinstance(v, str) for v in literals[:wanted]):
            problems.append(f"{where}: {node.func.id}() needs literal English")
            continue
        texts = [str(v) for v in literals[:wanted]]
        if node.func.id == "p_":
            messages.append(Message(texts[1], texts[0], None, where))
        elif node.func.id in ("n_", "Nn_"):
            messages.append(Message(texts[0], "", texts[1], where))
        else:
            messages.append(Message(texts[0], "", None, where))
    return messages, problems


def refusal_kinds(root: Path = ROOT) -> set[str]:
    """The names of the classes that are refusals (``Refusal`` and its subclasses)."""
    bases: dict[str, set[str]] = {}
    for folder in REFUSING:
        for path in (root / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ClassDef):
                    names = {b.id for b in node.bases if isinstance(b, ast.Name)}
                    bases.setdefault(node.name, set()).update(names)
    kinds = {"Refusal"}
    while True:
        more = {name for name, of in bases.items() if of & kinds} - kinds
        if not more:
            return kinds
        kinds |= more


def placed_kinds(root: Path = ROOT) -> set[str]:
    """The refusals that say where and why (``InvalidMatFile(game, move, reason)``): their
    own ``__init__`` gives the sentence (``super().__init__("…")``), ``reason`` is a refusal."""
    inits: dict[str, bool] = {}
    bases: dict[str, set[str]] = {}
    for folder in REFUSING:
        for path in (root / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ClassDef):
                    bases[node.name] = {b.id for b in node.bases if isinstance(b, ast.Name)}
                    inits[node.name] = any(
                        isinstance(f, ast.FunctionDef) and f.name == "__init__" for f in node.body
                    )
    kinds = refusal_kinds(root) - {"Refusal"}
    placed = {name for name in kinds if inits.get(name)}
    while True:
        more = {name for name in kinds if bases.get(name, set()) & placed} - placed
        if not more:
            return placed
        placed |= more


def _literals(node: ast.expr) -> list[str] | None:
    """The English a sentence argument can be: a literal, or literals chosen by a condition."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = _literals(node.body), _literals(node.orelse)
        return body + orelse if body is not None and orelse is not None else None
    return None


def _counting(node: ast.Call, kinds: set[str]) -> bool:
    func = node.func
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "counting"
        and isinstance(func.value, ast.Name)
        and func.value.id in kinds
    )


def refusal_messages(
    path: Path, name: str, kinds: set[str], placed: set[str] | None = None
) -> tuple[list[Message], list[str]]:
    """The sentences of a reader's refusals and their terms, and the refusals whose sentence
    is not literal English. A sentence kept aside (``sentence("…")``, a table of them) is
    passed on by name; a refusal that says where (``placed_kinds``) has its sentence in its
    own ``__init__``."""
    placed = placed_kinds() if placed is None else placed
    messages: list[Message] = []
    problems: list[str] = []
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=name)
    own = {  # the super().__init__ calls of a placed refusal: its own sentences
        id(call)
        for kind in ast.walk(tree)
        if isinstance(kind, ast.ClassDef) and kind.name in placed
        for call in ast.walk(kind)
        if isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and call.func.attr == "__init__"
    }
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        where = f"{name}:{node.lineno}"
        func = node.func
        if id(node) in own:
            texts = _literals(node.args[0]) if node.args else None
            messages.extend(Message(text, "", None, where) for text in texts or ())
            continue
        if isinstance(func, ast.Name) and func.id in placed:
            continue  # its reason is a refusal of its own
        if (
            isinstance(func, ast.Name)
            and func.id in kinds
            and node.args
            and isinstance(node.args[0], (ast.Name, ast.Subscript))
        ):
            continue  # a sentence kept aside, marked where it is written
        if _counting(node, kinds):  # Kind.counting("… {count} …", "… {count} …", count=n)
            texts = [_literals(a) for a in node.args[:2]]
            if len(texts) != 2 or None in texts or len(texts[0] or ()) != 1:
                problems.append(f"{where}: counting() needs literal English")
                continue
            singular, plural = (t[0] for t in texts if t)
            messages.append(Message(singular, "", plural, where))
            continue
        if not isinstance(node.func, ast.Name):
            continue
        if node.func.id in ("Term", "sentence") or node.func.id in kinds:
            texts = _literals(node.args[0]) if node.args else None
            if texts is None:
                problems.append(f"{where}: {node.func.id}() needs literal English")
                continue
            context = TERM if node.func.id == "Term" else ""
            messages.extend(Message(text, context, None, where) for text in texts)
    return messages, problems


def script_messages(name: str, source: str) -> list[Message]:
    return [
        Message(ast.literal_eval(f'"{text}"'), "", None, name)
        for text in _SCRIPT_CALL.findall(source)
    ]


def python_files(root: Path = ROOT) -> list[Path]:
    return sorted(p for p in (root / PYTHON).rglob("*.py") if "language" not in p.parts)


def everything(root: Path = ROOT) -> tuple[list[Message], list[str]]:
    """Every message the page can show, in source order, and every problem found."""
    messages: list[Message] = []
    problems: list[str] = []
    for page in PAGES:
        found, wrong = page_messages(page, (root / page).read_text(encoding="utf-8"))
        messages.extend(found)
        problems.extend(wrong)
    for script in SCRIPTS:
        path = root / script
        if path.is_file():
            messages.extend(script_messages(script, path.read_text(encoding="utf-8")))
    for path in python_files(root):
        found, wrong = python_messages(path, path.relative_to(root).as_posix())
        messages.extend(found)
        problems.extend(wrong)
    kinds, placed = refusal_kinds(root), placed_kinds(root)  # read once, not once a reader
    messages.extend(Message(joining, "", None, "game/engine/refusal.py") for joining in (OR, AND))
    messages.append(Message(LONG_QUOTE[0], "", LONG_QUOTE[1], "game/engine/refusal.py"))
    for reader in READERS:
        found, wrong = refusal_messages(root / reader, reader, kinds, placed)
        messages.extend(found)
        problems.extend(wrong)
    keys: dict[str, Message] = {}
    for message in messages:
        if message.key:
            other = keys.setdefault(message.key, message)
            if other.ident != message.ident:
                problems.append(f"{message.where}: key {message.key!r} names two messages")
    return messages, problems
