"""The scoring trainer: hands built for a level, questions and their grading, the banks in
quizzes/, the learner's progress, and the quiz in the terminal. Uses `rules` and `i18n`
only; the site's quiz pages (website/) and the `mcr quiz` commands (mcr/) build on it."""
