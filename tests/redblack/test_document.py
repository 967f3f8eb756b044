"""Tests of stoplib.redblack.document: the transcribed numbers are consistent
with each other (the comparison with our results is in the other test files)."""
import math

from stoplib.redblack import document as doc


def test_every_public_name_is_listed():
    names = {k for k in vars(doc) if k.isupper()}
    assert names == set(doc.__all__)


def test_spreadsheet_shape_and_parsing():
    assert len(doc.SPREADSHEET) == len(doc.SPREADSHEET_ROW_LABELS) == 27
    assert all(len(row) == len(doc.SPREADSHEET_LABELS) == 27 for row in doc.SPREADSHEET)
    assert doc.SPREADSHEET[0][0] == 2.624 and doc.SPREADSHEET[-1][0] == 26
    assert all(float(t) == x for rt, rx in zip(doc.SPREADSHEET_CELLS_TEXT, doc.SPREADSHEET)
               for t, x in zip(rt, rx))


def test_the_printed_values_agree_with_each_other():
    assert round(float(doc.VALUE_26_26_EXACT), 15) == doc.VALUE_26_26_EXACT_DECIMAL
    assert round(doc.VALUE_26_26_EXACT_DECIMAL, 9) == doc.VALUE_26_26 == doc.BALANCED_0_TO_26_R[26]
    assert len(doc.BALANCED_0_TO_26_R) == len(doc.BALANCED_0_TO_26_C) == 27
    assert max(abs(a - b) for a, b in zip(doc.BALANCED_0_TO_26_R, doc.BALANCED_0_TO_26_C)) < 1.5e-6
    assert round(doc.VALUE_100000, 3) == doc.VALUE_100000_ROUNDED == doc.FIT_EXTRA_VALUE
    assert doc.LOGSQRT_FIT_DF == 4 * (doc.FIT_N_MAX + 1) - 3


def test_sqrt_fit_predictions_follow_from_the_coefficients():
    for n, printed in ((doc.CARDS_133M, doc.SQRT_FIT_PREDICTION_133M),):
        assert round(doc.SQRT_FIT_INTERCEPT + doc.SQRT_FIT_SLOPE * math.sqrt(n), 5) == printed
    pred2 = doc.SQRT_FIT2_INTERCEPT + doc.SQRT_FIT2_SLOPE * math.sqrt(doc.CARDS_133M)
    assert round(pred2, 5) == doc.SQRT_FIT2_PREDICTION_133M
    assert round(pred2, 2) == doc.VALUE_133M_INTRO
