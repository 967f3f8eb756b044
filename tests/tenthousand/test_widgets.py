"""Ten Thousand panels (stoplib.tenthousand.widgets): each builds and returns its ipywidgets box."""
import ipywidgets as w
import matplotlib.pyplot as plt

from stoplib.tenthousand import widgets


def test_advisor_lists_the_paper_example():
    box = widgets.advisor_widget()
    assert isinstance(box, w.VBox)
    (dice, tau), (n, cfg) = box.children[0].children, box.children[1].children
    assert (dice.value, tau.value, n.value, cfg.value) == (5, 4, 2, (2, 1, 0))


def test_policy_explorer_and_dice_panels():
    assert isinstance(widgets.policy_explorer_widget(), w.VBox)
    box = widgets.dice_widget()
    assert isinstance(box, w.VBox) and box.children[0].max == 6
    plt.close("all")
