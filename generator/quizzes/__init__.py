"""The quizzes, generated: random legal hands, simulated play and the fan frequencies it
measures, the levels, questions with their answer keys and distractors, the banks in
quizzes/ and the rules bank from the rulebook's check blocks. Uses `rules` and `i18n` only;
the trainer asks these questions, and the site shows them."""
