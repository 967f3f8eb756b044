"""The n-player record (stoplib.holdem.record, verify): the public record, the families in words, and every deck
we claim dealt again by an independent checker (eval7's evaluator, a dealing loop written here from the rules),
the command-line checker included."""
import subprocess
import sys

import pytest

from stoplib.holdem import (PUBLIC_RECORD, family_words, public_record, read_completions, rescore_file,
                            stackings_by_players, versus_public)
from stoplib.holdem.players import committed_dir

eval7 = pytest.importorskip("eval7")


def independent_wins(deck: str, n: int) -> tuple:
    """Cuts won, tied and lost by the first player dealt, with eval7 and a deal written from the rules: two cards
    each round the table, burn, three, burn, one, burn, one."""
    cards = [deck[i:i + 2] for i in range(0, 104, 2)]
    won = tied = lost = 0
    for cut in range(52):
        order = cards[cut:] + cards[:cut]
        pockets = [[order[p], order[n + p]] for p in range(n)]
        rest = order[2 * n:]
        board = rest[1:4] + [rest[5], rest[7]]
        scores = [eval7.evaluate([eval7.Card(c) for c in pocket + board]) for pocket in pockets]
        best_other = max(scores[1:])
        won += scores[0] > best_other
        tied += scores[0] == best_other
        lost += scores[0] < best_other
    return won, tied, lost


def test_every_deck_of_the_table_is_worth_what_the_table_says_to_an_independent_checker():
    table = stackings_by_players()
    for r in table.itertuples():
        assert independent_wins(r.deck, r.n_players) == (r.wins, r.ties, r.losses), r.n_players


def test_every_completed_period13_deck_wins_every_cut_for_the_independent_checker():
    completions = read_completions()
    assert len(completions) >= 1
    for r in completions.itertuples():
        assert independent_wins(r.deck, r.n_players) == (52, 0, 0)


def test_the_public_record_is_the_reports():
    t = public_record().set_index("n_players")
    assert list(t.index) == list(range(2, 23))
    assert t.loc[9, "solved"] and not t.loc[12, "solved"]
    assert [PUBLIC_RECORD[n][0] for n in range(7, 23)] == [50, 48, 52, 48, 48, 50, 39, 43, 40, 42, 27, 29, 32, 28,
                                                            36, 38]


def test_families_in_words_and_the_comparison():
    assert "period13" not in family_words("period13_cycle, period13_free, period13_blocks")
    assert [versus_public(22, w) for w in (37, 38, 39)] == ["below", "equal", "above"]
    with pytest.raises(ValueError, match="wins"):
        versus_public(9, 53)


def test_the_command_line_checker_deals_the_table_again(tmp_path):
    out = subprocess.run([sys.executable, "-m", "stoplib.holdem", "verify",
                          str(committed_dir() / "holdem_stackings_by_players.csv")],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "fast scorer agrees on every deck" in out.stdout
    table = rescore_file(committed_dir() / "holdem_stackings_by_players.csv")
    assert table["agree"].all() and len(out.stdout.splitlines()) == len(table) + 1


def test_the_checker_reads_plain_decks_and_needs_their_table_size(tmp_path):
    from stoplib.holdem.document import EXAMPLE_DECK

    path = tmp_path / "decks.txt"
    path.write_text(EXAMPLE_DECK + "\n")
    with pytest.raises(ValueError, match="players"):
        rescore_file(path)
    assert rescore_file(path, n_players=2)["won"].tolist() == [52]
