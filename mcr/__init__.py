"""The `mcr` command: the front door to the rules engine, the site and the quizzes."""
