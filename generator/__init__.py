"""Everything generated from the fan table and the rulebook: the site (`generator.site`)
and the quizzes (`generator.quizzes`). Uses `rules` and `i18n`; the site also bundles the
trainer for its quiz pages. Shared here: writing a file whole, and reading fenced blocks."""
