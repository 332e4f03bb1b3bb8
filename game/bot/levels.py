"""The bot's levels, weakest first: how deep it looks and how much it misjudges.

    >>> [level.name for level in LEVELS_BY_STRENGTH]
    ['beginner', 'casual', 'intermediate', 'strong', 'expert']

A weaker level adds Gaussian noise (standard deviation ``noise``, in points of
equity) to each play's equity before choosing: it then picks plays that look
nearly as good, the way a person misjudges, rather than random ones.

Budgets count positions evaluated, not time, so that a game under ``?seed=`` plays
the same on any machine at any load. They are sized from the cost of a position in
the page's worker so that the slowest decision of a level stays within its time with
room to spare (the default level's a fraction of a second, the strongest's about a
second); the filters (``keep``, ``margin``) suit the budget: a narrow margin where the
budget is small, a wide one where it is large (``python -m tools.bench.budget``). The two
searching levels prune the replies of their look-aheads (``prune``: only the best few of
each roll by the small pruning network are evaluated in full), which makes a look-ahead
cheaper so that the budget pays for more candidates: the default level's pays for the
look-aheads of a middle game's few best plays. Both look at their closest calls two rolls
ahead (``deep``) from a budget of their own: the strongest over a third of its second rolls,
the default over a seventh (``deep_sets``), which its small budget pays for where its look
one roll ahead was cheap.

Each level ranks its own plays at 1-ply by the ranking network (``ranking``), the one
that tells every play of a roll apart best, except the strongest with contact: its 1-ply
ranking only picks the candidates of its look-ahead, whose leaves the contact network
values, and there the same network picking them loses less. In a race every level ranks
by the race's ranking network (``Level.ranks``): the race network's leaves are reckoned
where it misjudges most (near home, a bear-in's gammon race), and its own ranking picked
worse candidates.

Every figure behind these choices (costs per position, decision times, error rates of
each level) is in docs/performance.md, measured by ``python -m tools.bench.bot``,
``tools.bench.budget`` and ``tools.bench.page``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.bot.level_names import LEVEL_NAMES

if TYPE_CHECKING:
    from game.engine.position import Position


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    plies: int  # 1: network on each play; 2: also the opponent's 21 replies
    noise: float  # standard deviation added to each play's equity
    keep: int = 0  # 2-ply: at most this many candidate plays ...
    margin: float = 0.0  # ... within this much equity of the best by 1-ply ...
    budget: int = 0  # ... and at most this many positions evaluated in all
    cube_budget: int = 0  # a cube decision: looks ahead within this many positions (0: not)
    cube_plies: int = 1  # ... one roll ahead, or two ...
    cube_prune: int = 0  # ... the second with only this many replies a roll in full
    prune: int = 0  # 2-ply: of each reply roll, only the best this many by the pruning network
    ranking: bool = True  # own plays ranked by ranking.net (False: by the look-ahead's network)
    deep: int = 0  # 2-ply, with contact: the best this many plays, when within ...
    deep_margin: float = 0.0  # ... this much of the best, are looked at two rolls ahead ...
    deep_budget: int = 0  # ... if this many more positions pay for all of them ...
    deep_sets: int = 3  # ... the mover's second rolls all (1), a third (3) or a seventh (7)

    def ranks(self, position: Position) -> bool:
        """Whether the level ranks its own plays of ``position`` by the phase's ranking
        network: in a race always, with contact as ``ranking`` says."""
        # Imported here: the page names the levels (this module) before it loads the bot.
        from game.bot.encoding import is_contact

        return self.ranking or not is_contact(position)


LEVELS_BY_STRENGTH = (
    Level("beginner", 1, 0.20),
    Level("casual", 1, 0.08),
    Level("intermediate", 1, 0.03),
    Level(
        "strong",
        2,
        0.0,
        keep=8,
        margin=0.08,
        budget=550,
        cube_budget=120,
        prune=2,
        deep=2,
        deep_margin=0.04,
        deep_budget=100,
        deep_sets=7,
    ),
    Level(
        "expert",
        2,
        0.0,
        keep=8,
        margin=0.24,
        budget=1000,
        cube_budget=2000,
        cube_plies=2,
        cube_prune=2,
        prune=4,
        ranking=False,
        deep=2,
        deep_margin=0.04,
        deep_budget=4500,
    ),
)


class UnknownLevel(ValueError):
    """A level name that is not one of the levels."""


def level_named(name: str) -> Level:
    """The level called ``name`` (``level_names.STRONGEST_LEVEL``, ``DEFAULT_LEVEL``, ...)."""
    for level in LEVELS_BY_STRENGTH:
        if level.name == name:
            return level
    raise UnknownLevel(f"no level {name!r}; levels are {', '.join(LEVEL_NAMES)}")
