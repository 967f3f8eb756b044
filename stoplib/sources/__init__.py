"""Numbers printed by the source documents, transcribed with a pointer to where they
appear, so notebooks and tests can set our results beside them. Facts only: no code
or prose from the documents."""
