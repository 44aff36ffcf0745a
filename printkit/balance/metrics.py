"""The numbers a designer reads from a set of games.

Names follow Ludii's metrics where it has one: Completion, Timeouts,
Drawishness, DurationActions, DurationTurns, AdvantageP1, Balance.
"""

from __future__ import annotations

import statistics

from ..playout import histogram, wilson

FAIR_Z = 1.959964  # 95% intervals


def _share(count: int, games: int) -> dict:
    low, high = wilson(count, games)
    return {"count": count, "rate": round(count / games, 4) if games else None,
            "low": round(low, 4), "high": round(high, 4)}


def fair_share(records: list, seats: int) -> float:
    """The share of decided games a seat wins by chance alone: the mean
    number of winners of a decided game over the seats (1/2 in a two-player
    game or a two-team game of four, 1/4 in a four-player free-for-all)."""
    decided = [r for r in records if r.winners]
    if not decided:
        return 1 / seats
    return sum(len(r.winners) for r in decided) / len(decided) / seats


def endings(records: list) -> dict:
    """How many games ended each way: the game's own names for its endings
    where it gives them, else win, draw and turn cap."""
    out: dict = {}
    for r in records:
        name = r.ending or ("turn cap" if r.unfinished else "win" if r.winners else "draw")
        out[name] = out.get(name, 0) + 1
    return dict(sorted(out.items()))


def metrics(records: list, names: list[str]) -> dict:
    """Metrics of self-play games (the same agent in every seat).

    Win rates are over all games, capped ones included (a capped game is
    nobody's win), so a seat's rate and the timeouts add up."""
    games = len(records)
    seats = len(names)
    wins = [0] * seats
    for record in records:
        for seat in record.winners:
            wins[seat] += 1
    decided = sum(1 for r in records if r.winners)
    capped = sum(1 for r in records if r.unfinished)
    drawn = sum(1 for r in records if r.drawn)
    decisive_rates = [w / decided if decided else 0.0 for w in wins]
    turns = [r.turns for r in records if r.turns is not None]
    lengths = turns or [r.actions for r in records]
    return {
        "games": games,
        "decided": decided,
        "Completion": round(decided / games, 4) if games else None,
        "Timeouts": round(capped / games, 4) if games else None,
        "Drawishness": round(drawn / games, 4) if games else None,
        "DurationActions": round(statistics.fmean(r.actions for r in records), 2) if games else None,
        "DurationTurns": round(statistics.fmean(turns), 2) if turns else None,
        "AdvantageP1": round(decisive_rates[0], 4) if decided else None,
        "Balance": round(1 - (max(decisive_rates) - min(decisive_rates)), 4) if decided else None,
        "fair_share": round(fair_share(records, seats), 4),
        "seats": [{"seat": s, "name": names[s], **_share(wins[s], games)} for s in range(seats)],
        "endings": endings(records),
        "histogram": [list(b) for b in histogram(lengths)],
        "histogram_of": "turns" if turns else "actions",
    }


def ladder_step(records: list, weaker: str, stronger: str, seats: int) -> dict:
    """How often the stronger agent won the decided games, seated once in
    each seat in turn against the weaker one in every other seat.

    Clear when the 95% interval of its share of decided games lies above the
    fair share (see ``fair_share``); otherwise luck dominates at this number of games,
    or the stronger agent is not stronger in this game."""
    decided = [r for r in records if r.winners]
    won = sum(1 for r in decided if any(r.seats[w] == stronger for w in r.winners))
    share = _share(won, len(decided))
    fair = fair_share(records, seats)
    return {"weaker": weaker, "stronger": stronger, "games": len(records), "decided": len(decided), **share,
            "fair_share": round(fair, 4), "margin": round(share["rate"] - fair, 4) if decided else None,
            "clear": bool(decided) and share["low"] > fair}


def seat_excludes_fair(summary: dict) -> list[int]:
    """Seats whose win interval excludes the fair share of decided games."""
    decided = summary["decided"]
    if not decided:
        return []
    out = []
    for seat in summary["seats"]:
        low, high = wilson(seat["count"], decided)
        if low > summary["fair_share"] or high < summary["fair_share"]:
            out.append(seat["seat"])
    return out


def heat(records: list) -> dict:
    """Each traced map summed over the games: map -> [[x, y, count], ...] by square."""
    total: dict = {}
    for record in records:
        for name, square, count in record.heat:
            total.setdefault(name, {})
            total[name][square] = total[name].get(square, 0) + count
    return {name: [[x, y, count] for (x, y), count in sorted(squares.items())] for name, squares in sorted(total.items())}
