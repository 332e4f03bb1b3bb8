"""The Smart Game Format's syntax as gnubg's ``.sgf`` files use it: game trees of nodes, each a
list of properties (an identifier and its bracketed values), read in linear time; only the
main line of each tree is kept, as gnubg does. ``InvalidSgfFile`` is every refusal of a file.
"""

from __future__ import annotations

import re

from game.engine.refusal import Refusal
from game.engine.text import quoted

MAX_DEPTH = 1000  # variations within variations
MAX_NODES = 20_000  # as many as a game link holds actions (a 64-point match has some 8,000)
MAX_GAMES = 2_000  # game trees: a long session; a 64-point match has about a hundred

Property = tuple[str, list[str]]


class InvalidSgfFile(Refusal):
    """An ``.sgf`` file that cannot be read or replayed; ``game`` and ``move`` (the node in
    the game, 0 for its root) say where, ``reason`` why (a refusal the page says in its
    language)."""

    def __init__(self, game: int, move: int, reason: Refusal):
        if game:
            super().__init__(
                "game {game} move {move}: {reason}", game=game, move=move, reason=reason
            )
        else:
            super().__init__("file: {reason}", reason=reason)
        self.game, self.move, self.reason = game, move, reason


_IDENTIFIER = re.compile(r"[A-Za-z]+")
# A value: any characters but an unescaped "]" (the unrolled loop runs in linear time).
_VALUE = re.compile(r"\[([^\]\\]*(?:\\.[^\]\\]*)*)\]", re.DOTALL)
_SPACE = re.compile(r"\s*")
# An identifier and all its values: "AB[aa][bb]" (each part of it is told by its first character).
_PROPERTY = re.compile(r"\s*([A-Za-z]+)\s*((?:\[[^\]\\]*(?:\\.[^\]\\]*)*\]\s*)+)", re.DOTALL)


def _unescape(value: str) -> str:
    if "\\" not in value:
        return value
    value = re.sub(r"\\\r?\n", "", value)  # a soft line break
    return re.sub(r"\\(.)", r"\1", value, flags=re.DOTALL)


def game_trees(text: str) -> list[list[list[Property]]]:
    """Each game tree's main line: its nodes in order, each a list of properties. Only the first
    variation of each branching is followed, as gnubg does."""
    trees: list[list[list[Property]]] = []
    at = _SPACE.match(text).end()  # type: ignore[union-attr]
    nodes_read = 0
    while at < len(text):
        if text[at] != "(":
            if trees:
                break  # text after the last game tree is ignored, as gnubg does
            raise InvalidSgfFile(
                0,
                0,
                Refusal("an .sgf file begins with '(;', got {text}", text=quoted(text[at:], 20)),
            )
        nodes: list[list[Property]] = []
        main = [True]  # per open tree: on the main line
        children = [0]  # per open tree: variations begun in it
        at += 1
        while True:
            at = _SPACE.match(text, at).end()  # type: ignore[union-attr]
            if at >= len(text):
                raise InvalidSgfFile(
                    0, 0, Refusal("the file stops inside a game tree (a ')' is missing)")
                )
            char = text[at]
            if char == ";":
                node, at = _node_at(text, at + 1)
                nodes_read += 1
                if nodes_read > MAX_NODES:
                    raise InvalidSgfFile(0, 0, Refusal("more than {most} nodes", most=MAX_NODES))
                if main[-1]:
                    nodes.append(node)
            elif char == "(":
                if len(main) >= MAX_DEPTH:
                    raise InvalidSgfFile(
                        0, 0, Refusal("variations nested deeper than {most}", most=MAX_DEPTH)
                    )
                children[-1] += 1
                main.append(main[-1] and children[-1] == 1)
                children.append(0)
                at += 1
            elif char == ")":
                main.pop()
                children.pop()
                at += 1
                if not main:
                    break
            else:
                raise InvalidSgfFile(
                    0,
                    0,
                    _on_line(
                        text,
                        at,
                        Refusal("cannot read {text} in a game tree", text=quoted(text[at:], 20)),
                    ),
                )
        trees.append(nodes)
        if len(trees) > MAX_GAMES:
            raise InvalidSgfFile(0, 0, Refusal("more than {most} game trees", most=MAX_GAMES))
        at = _SPACE.match(text, at).end()  # type: ignore[union-attr]
    return trees


def _on_line(text: str, at: int, reason: Refusal) -> Refusal:
    """The reason with the line it was met on (gnubg writes one node a line)."""
    return Refusal("line {line}: {reason}", line=text.count("\n", 0, at) + 1, reason=reason)


def _node_at(text: str, at: int) -> tuple[list[Property], int]:
    properties: list[Property] = []
    while True:
        found = _PROPERTY.match(text, at)
        if not found:
            name = _IDENTIFIER.match(text, _SPACE.match(text, at).end())  # type: ignore[union-attr]
            if name:
                reason = Refusal(
                    "the property {name} has no value ('[...]')", name=quoted(name.group(), 12)
                )
                raise InvalidSgfFile(0, 0, _on_line(text, name.start(), reason))
            return properties, _SPACE.match(text, at).end()  # type: ignore[union-attr]
        identifier: str = found.group(1)
        if not identifier.isupper():  # FF[3]'s lower-case letters are not part of the name
            identifier = "".join(c for c in identifier if c.isupper())
        values = [_unescape(value.group(1)) for value in _VALUE.finditer(found.group(2))]
        properties.append((identifier, values))
        at = found.end()


def first_value(node: list[Property], name: str, default: str = "") -> str:
    for identifier, values in node:
        if identifier == name:
            return values[0]
    return default
