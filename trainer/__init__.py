"""The learner-facing trainer: a session API (trainer/session.py) that chooses the next
question, grades, diagnoses a wrong number, schedules by days with FSRS, shows learn cards,
leads the curriculum and keeps the progress as one JSON document; the terminal is a thin
layer over it (trainer/terminal.py). Plain Python with pure-Python dependencies only, so
the site can run the same code in the browser. Uses `rules`, `i18n` and
`generator.quizzes` (the questions it asks, the hands it builds); the `mcr quiz` commands
(mcr/) and the site's quiz pages (generator/site/) build on it."""
