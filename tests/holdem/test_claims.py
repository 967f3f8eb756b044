"""The article's claims about its printed decks (stoplib.holdem.claims, document 004)."""
import numpy as np
import pandas as pd
import pytest

from stoplib.holdem import cut_table
from stoplib.holdem import document as doc
from stoplib.holdem.claims import (ARTICLE_TABLE_COLUMNS, article_example_table,
                                   distinct_printed_stackings, example_table_agreement,
                                   ten_decks_table)


def test_the_article_table_reads_as_ours():
    article = article_example_table()
    assert list(article.columns) == list(ARTICLE_TABLE_COLUMNS)
    assert len(article) == 52
    assert article.loc[10, ["p1 hand", "p2 hand"]].tolist() == ["three of a kind", "one pair"]
    assert article["p1 hand"].notna().all() and article["p2 hand"].notna().all()


def test_our_table_of_the_example_deck_agrees_cell_by_cell():
    same = example_table_agreement()
    assert same.shape == (52, 6) and same.values.all()
    ours = cut_table(doc.EXAMPLE_DECK)
    assert example_table_agreement(ours).equals(same)


def test_a_changed_cell_is_reported():
    ours = cut_table(doc.EXAMPLE_DECK)
    ours.loc[3, "winner"] = "2"
    same = example_table_agreement(ours)
    assert int((~same).values.sum()) == 1 and not same.loc[3, "winner"]


def test_the_ten_decks_win_every_cut_for_player_1_and_none_for_player_2():
    ten = ten_decks_table()
    assert isinstance(ten, pd.DataFrame) and ten["deck"].tolist() == list(range(1, 11))
    assert (ten["p1 wins"] == 52).all() and (ten["p1 ties"] == 0).all() and (ten["p1 losses"] == 0).all()
    assert (ten["p2 wins"] == 0).all()
    assert ten.loc[0, "starts with"] == doc.TEN_DECKS[0][:12] + "..."


def test_the_eleven_printed_decks_are_distinct_stackings():
    assert distinct_printed_stackings() == 11


# --- the side remarks ------------------------------------------------------------------
def test_side_remarks():
    from stoplib.holdem.claims import count_high_card_akqj9, cut_example, years_to_enumerate

    assert 2.5e48 < years_to_enumerate() < 2.6e48  # the article: "on the order of 10^50"
    assert cut_example() == {"formula": (3, 4, 5, 1, 2), "moved": (4, 5, 1, 2, 3), "power": 2}
    assert count_high_card_akqj9() == doc.N_AKQJ9_HIGH_CARD


def test_the_article_table_format_and_file_size():
    from stoplib.holdem.claims import article_table_text, file_size_estimate

    lines = article_table_text(doc.EXAMPLE_DECK).rstrip("\n").splitlines()
    assert lines[0] == doc.EXAMPLE_DECK and len(lines) == 2 + 52
    # our rows read like the printed ones, up to the printed padding
    assert [" ".join(line.split()) for line in lines[2:]] == \
        [" ".join(line.split()) for line in doc.EXAMPLE_TABLE_TEXT.splitlines()]
    est = file_size_estimate()
    assert 225e6 < est["bytes"] < 900e6 and 35e6 < est["gzip_bytes"] < 140e6


# --- the verdict table -------------------------------------------------------------------
@pytest.fixture(scope="module")
def table():
    from stoplib.holdem.claims import verdicts

    return verdicts(n_check=2000)


def test_verdict_table_without_runs_has_the_columns_and_one_headline(table):
    from stoplib.workbook.verdicts import VERDICT_COLUMNS, VERDICTS

    assert tuple(table.columns) == VERDICT_COLUMNS
    assert set(table["verdict"]) <= set(VERDICTS)
    assert int(table["headline"].sum()) == 1 and (table["notebook"] == "07_holdem_stacking").all()
    assert table["claim"].is_unique
    for col in ("claim", "document", "ours", "evidence"):
        assert table[col].map(lambda s: isinstance(s, str) and len(s) > 0).all(), col
    head = table[table["headline"]].iloc[0]
    assert head["verdict"] == "agrees" and "main theorem" in head["claim"]
    by = table.set_index("claim")["verdict"]
    assert by["Listing them all at a trillion per second takes on the order of 10^50 years"] == "differs"
    assert by["Only 7,462 distinct five-card hand values"] == "agrees"
    assert by["Some 2.5 million five-card hands"] == "differs"  # 2,598,960 prints as 2.6 million


def test_the_articles_timings_are_context_never_differences(table):
    """The rule: speeds, threads and memory of the article's machine are context, never 'differs'."""
    timing = table["claim"].str.contains("hands per second|12 threads|faster than|the memory")
    assert timing.sum() == 6 and (table.loc[timing, "verdict"] == "context").all()
    assert (table.loc[~timing, "verdict"] != "context").all()


def test_the_search_rows_follow_the_rule_of_four_standard_errors():
    """'About one in six' agrees when 1/6 is within 4 standard errors of our rate, else differs."""
    import math

    from stoplib.holdem.claims import verdicts
    from stoplib.holdem.local_search import SearchResult

    def run(k, n):
        steps = np.full(n, 7)
        scores = np.where(np.arange(n) < k, 52, 50)
        return SearchResult(decks=np.tile(np.arange(52, dtype=np.int8), (n, 1)), scores=scores,
                            start_scores=scores - 20,
                            steps=steps, optimal=scores == 52, wins=scores, ties=np.zeros(n, int),
                            paths=np.full((n, 53), -1, np.int8))

    def verdict(k, n):
        t = verdicts(main=run(k, n), n_check=1)
        return t.set_index("claim").loc["About one random deck in six climbs to an optimal stacking", "verdict"]

    n = 2000
    se = math.sqrt((1 / 6) * (5 / 6) / n)
    assert verdict(round(n / 6 + 3 * se * n), n) == "agrees"
    assert verdict(round(n / 6 + 5 * se * n), n) == "differs"


def test_verdict_table_is_the_same_on_a_rerun():
    """The table holds no timing: a rerun of the notebook leaves its CSV unchanged (the size of the
    runs does not matter to this)."""
    from stoplib.holdem import search
    from stoplib.holdem.claims import verdicts

    runs = dict(main=search(12, seed=2024), seat2=search(8, 2, 2, seed=99), semi=search(6, seed=5,
                objective="wins_or_ties"))
    assert verdicts(**runs, n_check=200).equals(verdicts(**runs, n_check=200))


# --- default-only counts, moved here from notebook 07 (they hold for its quick-mode seeds) ---
def test_the_notebook_quick_mode_runs_find_what_its_prose_reports():
    from stoplib.holdem import deck_value_reference, search, summarize

    main = search(300, n_players=2, seat=1, seed=2024)
    assert main.n_optimal > 0 and 0.08 < main.fraction_optimal < 0.35
    variants = summarize([main, search(150, seed=7, tie_break="random"), search(150, seed=7, method="first")])
    assert (variants["n_optimal"] > 0).all()
    seat2 = search(200, n_players=2, seat=2, seed=99)
    assert seat2.n_optimal > 0
    semi = search(150, seed=5, objective="wins_or_ties")
    assert semi.n_optimal >= main.fraction_optimal * semi.n_restarts * 0.5
    three = search(1, 3, 1, seed=2, method="first", kicks=2000, kick_size=2)
    assert three.n_optimal == 1
    assert deck_value_reference(three.optimal_decks()[0], seat=1, n_players=3).wins == 52
