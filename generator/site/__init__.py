"""The rules site: the pages generated from fans.yaml at each build, the tile pictures, the
hand blocks, the quiz and calculator pages, and the MkDocs hook that runs them all. Uses
`rules`, `i18n`, `generator.quizzes` and `trainer` (the quiz pages carry the trainer's
settings); `mcr site` builds and serves it."""
