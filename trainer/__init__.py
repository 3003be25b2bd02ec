"""The learner-facing trainer: grading, attribution of an answer to the fans it shows,
the learner's progress and levels, and the quiz in the terminal. Uses `rules`, `i18n` and
`generator.quizzes` (the questions it asks); the `mcr quiz` commands (mcr/) and the site's
quiz pages (generator/site/) build on it."""
