"""The wheel carries the fan table. fans.yaml and editions/ stay at the top of the repository
(the design card puts them there); building a wheel copies them into the `rules` package as
rules/table/, where rules.fantable looks for the table first. A checkout, or an editable
install, reads them where they are."""
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
TABLE_FILES = ("fans.yaml", *sorted(p.relative_to(HERE).as_posix() for p in (HERE / "editions").glob("*.yaml")))
TABLE_PACKAGE_DIR = ("rules", "table")


class BuildWithTable(build_py):
    """build_py, plus the fan table and its editions copied into rules/table/."""

    def run(self) -> None:
        super().run()
        if not self.editable_mode:
            for name in TABLE_FILES:
                target = Path(self.build_lib, *TABLE_PACKAGE_DIR, name)
                self.mkpath(str(target.parent))
                self.copy_file(str(HERE / name), str(target))

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        table = [] if self.editable_mode else [str(Path(self.build_lib, *TABLE_PACKAGE_DIR, n)) for n in TABLE_FILES]
        return [*super().get_outputs(include_bytecode), *table]


setup(cmdclass={"build_py": BuildWithTable})
