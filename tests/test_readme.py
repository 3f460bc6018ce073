"""The README's commands are the ones CI runs, and its file references stay inside the repository."""

import re
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
README = (REPO / "README.md").read_text(encoding="utf-8")
TOP_LEVEL = ("tests/", "tfcompat/", "benchmarks/", "examples/", "compat_matrix/", ".ci/", "pyproject.toml")


def fresh_machine_commands():
    section = README.split("On a fresh machine", 1)[1].split("\n\n", 2)[1]
    return [line.strip() for line in section.splitlines()]


def test_the_two_commands_install_everything_they_need():
    main, tests = fresh_machine_commands()
    assert main == "pip install torch==2.13.0 -e . && tfcompat run examples/basic_usage.py"
    assert tests == 'pip install torch==2.13.0 -e ".[test]" && pytest'


def test_ci_runs_the_readmes_test_command_in_a_new_environment():
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert ci[-1] == fresh_machine_commands()[1]
    assert any(line.startswith("python3 -m venv ") for line in ci)
    # nothing else installs a dependency: the README's command must do it all
    assert [line for line in ci if "pip install" in line and "--upgrade pip" not in line] == [ci[-1]]


def test_references_stay_inside_the_repository():
    assert "../" not in README and "DESIGN.md" not in README
    assert not re.search(r"`/(?:work|tmp|home|opt)/", README.replace("/tmp/tforacle", ""))
    for reference in sorted(set(re.findall(r"`([^`\s]+)`", README))):
        if reference.startswith(TOP_LEVEL) and "<" not in reference:
            assert list(REPO.glob(reference.rstrip("/"))), f"README.md names {reference}, which does not exist"
