"""What the browser test does with each notebook's panels, and the values it expects.

One function per notebook that has panels: it operates every kind of control the
notebook holds and checks each output against the API, computed here in the test.
"""
SCENARIOS = {}
