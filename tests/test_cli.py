"""The ``tfcompat`` command: ``python -m tfcompat [run] PROGRAM [ARGS...]``."""

import os
import re
import shutil
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import tfcompat.alias as alias
from tfcompat import cli

REPO = Path(__file__).resolve().parent.parent

PROBE = textwrap.dedent("""\
    import sys
    import tensorflow as tf
    import tensorflow.contrib.eager as tfe
    import tfcompat
    print("argv", sys.argv)
    print("name", __name__)
    print("path0", sys.path[0])
    print("aliased", tf is tfcompat, tfe is tf.contrib.eager)
    print("value", tf.constant([1, 2]))
    sys.exit(int(sys.argv[1]) if sys.argv[1:] and sys.argv[1].isdigit() else 0)
    """)

FAILING = textwrap.dedent("""\
    import tensorflow as tf


    def check(x):
        raise ValueError("bad value: {}".format(x))


    check(tf.constant(3))
    """)


def tfcompat_command(*args, cwd, extra_path=()):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([*map(str, extra_path), str(REPO)]))
    return subprocess.run([sys.executable, "-m", "tfcompat", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


@pytest.fixture
def program(tmp_path):
    def write(source, name="prog.py"):
        path = tmp_path / name
        path.write_text(source)
        return path
    return write


def test_runs_program_as_main_with_argv(program, tmp_path):
    path = program(PROBE)
    result = tfcompat_command("prog.py", "5", "-h", "--flag", "x y", cwd=tmp_path)
    assert result.returncode == 5, result.stderr  # the program's exit status
    lines = result.stdout.splitlines()
    assert lines[0] == "argv ['prog.py', '5', '-h', '--flag', 'x y']"
    assert lines[1] == "name __main__"
    assert lines[2] == f"path0 {path.parent.resolve()}"
    assert lines[3] == "aliased True True"
    assert lines[4] == "value tf.Tensor([1 2], shape=(2,), dtype=int32)"


def test_uncaught_exception_traceback_names_the_program(program, tmp_path):
    program(FAILING)
    result = tfcompat_command("run", "prog.py", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout == ""
    traceback = result.stderr
    assert traceback.startswith("Traceback (most recent call last):\n")
    frames = re.findall(r'File "([^"]+)", line (\d+), in (\S+)', traceback)
    assert frames == [("prog.py", "8", "<module>"), ("prog.py", "5", "check")]
    assert "runpy" not in traceback and "cli.py" not in traceback
    assert traceback.rstrip().endswith("ValueError: bad value: 3")


def test_force_alias_shadows_a_real_tensorflow(program, tmp_path):
    fake = tmp_path / "site" / "tensorflow"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("FAKE = True\n")
    program("import tensorflow as tf, tfcompat, sys\nprint(tf is tfcompat)\nsys.exit('bye')\n")
    result = tfcompat_command("--force-alias", "prog.py", cwd=tmp_path, extra_path=[tmp_path / "site"])
    assert result.stdout == "True\n"
    assert result.returncode == 1  # sys.exit("bye"): message on stderr, status 1, as in Python
    assert result.stderr == "bye\n"


@pytest.mark.skipif(shutil.which("tfcompat") is None, reason="the tfcompat console script is not installed")
def test_console_script(program, tmp_path):
    program(PROBE)
    result = subprocess.run(["tfcompat", "run", "prog.py", "3"], cwd=tmp_path, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 3, result.stderr
    assert "argv ['prog.py', '3']" in result.stdout
    assert "aliased True True" in result.stdout


# -- in-process: the paths that do not run a program ------------------------

@pytest.fixture
def clean_process(monkeypatch):
    monkeypatch.setattr(sys, "argv", list(sys.argv))
    monkeypatch.setattr(sys, "path", list(sys.path))
    yield
    alias.uninstall()
    for name in [name for name in sys.modules if name.split(".")[0] == "tensorflow"]:
        del sys.modules[name]


def test_missing_program(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli.main(["no_such_program.py", "a"]) == 2
    assert cli.main(["run", "no_such_program.py"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == [
        "tfcompat run: can't open file 'no_such_program.py': [Errno 2] No such file or directory"] * 2
    assert not alias.installed()


def test_help(capsys):
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: tfcompat")
    assert "run" in out
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["run", "--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert "PROGRAM" in out and "--force-alias" in out


def test_no_command_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exit_info:
        cli.main([])
    assert exit_info.value.code == 2
    assert "usage: tfcompat" in capsys.readouterr().err


def test_refuses_to_shadow_a_real_tensorflow(tmp_path, program, capsys, monkeypatch, clean_process):
    fake = tmp_path / "site" / "tensorflow"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    path = program("raise AssertionError('must not run')\n")
    assert cli.main([str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tfcompat run: a real TensorFlow is importable")
    assert "--force-alias" in err
    assert not alias.installed()


def test_syntax_error_in_program(program, capsys, clean_process):
    path = program("x = (\n")
    assert cli.main(["run", str(path)]) == 1
    err = capsys.readouterr().err
    assert f'File "{path}", line 1' in err
    assert err.rstrip().endswith("SyntaxError: '(' was never closed")
    assert "runpy" not in err and "Traceback" not in err


def test_program_directory_with_main(tmp_path, capsys, clean_process):
    package = tmp_path / "app"
    package.mkdir()
    (package / "__main__.py").write_text("import sys, tensorflow as tf\nprint(sys.argv[1:], tf.__name__)\n")
    assert cli.main([str(package), "x"]) == 0
    assert capsys.readouterr().out == "['x'] tfcompat\n"


# -- issue 13: the small things a new user meets --------------------------------------------------

def test_run_without_program_says_program_is_required_and_args_optional(tmp_path):
    result = tfcompat_command("run", cwd=tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [
        "usage: tfcompat run [-h] [--force-alias] PROGRAM [ARGS...]",
        "tfcompat run: error: PROGRAM, the Python file to run, is required (ARGS, its arguments, are optional)"]


def test_directory_without_main_is_one_line(tmp_path):
    (tmp_path / "app").mkdir()
    result = tfcompat_command("run", "app", cwd=tmp_path)
    assert result.returncode == 1  # as `python app` exits
    assert result.stderr == "tfcompat run: can't find '__main__' module in 'app'\n"


def test_ctrl_c_shows_only_the_programs_frames(program, tmp_path):
    program(textwrap.dedent("""\
        import tensorflow as tf


        def loop():
            print("ready", flush=True)
            while True:
                tf.constant(1.0) * 2.0


        loop()
        """))
    env = dict(os.environ, PYTHONPATH=str(REPO))
    child = subprocess.Popen([sys.executable, "-m", "tfcompat", "prog.py"], cwd=tmp_path, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline() == "ready\n"
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=120)
    finally:
        child.kill()
    assert child.returncode == 130  # 128 + SIGINT, as a shell reports a program stopped by Ctrl-C
    frames = re.findall(r'File "([^"]+)", line (\d+), in (\S+)', err)
    # The signal lands on the print or in the loop: either way the program's two frames and nothing else.
    assert [(file, function) for file, _, function in frames] == [("prog.py", "<module>"), ("prog.py", "loop")]
    assert frames[0][1] == "10" and frames[1][1] in ("5", "6", "7")
    assert err.rstrip().endswith("KeyboardInterrupt")


@pytest.mark.parametrize("source, tf_name", [
    ("import tensorflow as tf\n\nsession = tf.Session()\n", "tf.Session"),
    ("import tensorflow as tf\n\nlayers = tf.contrib.layers\n", "tf.contrib.layers"),
    ("from tensorflow.contrib import layers\n", "tf.contrib.layers"),
    ("import tensorflow as tf\n\ntry:\n    tf.Session()\n"
     "except AttributeError:\n    raise RuntimeError('no session')\n", "tf.Session"),
])
def test_missing_tf_name_ends_with_one_line_naming_it(program, tmp_path, source, tf_name):
    program(source)
    result = tfcompat_command("prog.py", cwd=tmp_path)
    assert result.returncode == 1
    lines = result.stderr.rstrip().splitlines()
    assert lines[-1] == (f"tfcompat: the program uses {tf_name}, which tfcompat does not provide; "
                         "`tfcompat check prog.py` lists every TF 1.x name it uses and tfcompat's support for each.")
    assert {file for file, _ in re.findall(r'File "([^"]+)", line (\d+)', result.stderr)} == {"prog.py"}


def test_other_errors_get_no_missing_name_line(program, tmp_path):
    program("import tensorflow as tf\n\ntf.no_such_name\n")
    result = tfcompat_command("prog.py", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.rstrip().endswith("AttributeError: module 'tensorflow' has no attribute 'no_such_name'")
    assert "tfcompat check" not in result.stderr
