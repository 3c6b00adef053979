"""The hash of the rule files (the caches' key): every file read as every data file is,
its size checked before its first byte, never held whole in memory."""

from __future__ import annotations

import os
import tracemalloc
from pathlib import Path

import pytest

from garou.core.errors import DataFileError
from garou.core.files import builtin_files, fingerprint


def test_a_huge_rule_file_is_refused_by_its_size_before_it_is_read(tmp_path: Path):
    big = tmp_path / "huge.yaml"
    with big.open("wb") as stream:  # sparse: 400 MB that take no disk
        stream.truncate(400 * 1024 * 1024)
    tracemalloc.start()
    try:
        with pytest.raises(DataFileError) as caught:
            fingerprint([*builtin_files(), big])
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 8 * 1024 * 1024
    assert "too large" in caught.value.message("en") and "huge.yaml" in caught.value.message("en")


def test_a_rule_file_just_under_the_limit_is_hashed_a_piece_at_a_time(tmp_path: Path):
    from garou.core.reader import MAX_FILE_BYTES

    near = tmp_path / "near.yaml"
    near.write_bytes(b"#" * (MAX_FILE_BYTES - 1))
    tracemalloc.start()
    try:
        first = fingerprint([near])
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < MAX_FILE_BYTES // 2
    near.write_bytes(b"#" * (MAX_FILE_BYTES - 2) + b"!")
    assert fingerprint([near]) != first


def test_a_pipe_among_the_rule_files_is_refused_without_waiting(tmp_path: Path):
    pipe = tmp_path / "pipe.yaml"
    os.mkfifo(pipe)
    with pytest.raises(DataFileError) as caught:
        fingerprint([pipe])
    assert "pipe" in caught.value.message("en")


def test_the_rules_of_a_folder_holding_a_huge_file_are_refused_by_the_command(garou, tmp_path):
    folder = tmp_path / "my-rules"
    folder.mkdir()
    with (folder / "huge.yaml").open("wb") as stream:
        stream.truncate(100 * 1024 * 1024)
    run = garou("roles", "--rules-dir", str(folder), "--lang", "en")
    assert run.exit_code != 0 and "Traceback" not in run.stderr
    assert "too large" in run.stderr


def _garou(*args: str, cache: Path) -> None:
    import subprocess
    import sys

    env = {**os.environ, "XDG_CACHE_HOME": str(cache), "GAROU_LANG": "en"}
    env.pop("GAROU_RULES_DIR", None)
    subprocess.run([sys.executable, "-m", "garou", *args], env=env, check=True, capture_output=True)


def test_a_missing_cache_folder_is_made_private_by_the_first_command_that_needs_it(tmp_path):
    cache = tmp_path / "not" / "yet"
    _garou("roles", cache=cache)
    assert list((cache / "garou").glob("rules-*.pickle"))
    for folder in (tmp_path / "not", cache, cache / "garou"):
        assert folder.stat().st_mode & 0o777 == 0o700, folder


def test_a_cache_folder_that_cannot_be_made_leaves_the_command_working(tmp_path):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder\n")
    _garou("roles", cache=blocked / "cache")  # check=True: it still answers
    assert blocked.read_text() == "not a folder\n"


def test_a_rules_folder_entry_named_yaml_that_is_no_regular_file_is_named_and_refused(
    garou, tmp_path
):
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "dangling.yaml").symlink_to(tmp_path / "gone.yaml")
    os.mkfifo(folder / "pipe.yaml")
    run = garou("--lang", "en", "rules", "--rules-dir", str(folder))
    assert run.exit_code == 1 and "Traceback" not in run.stderr
    assert f"{folder / 'dangling.yaml'}: is a symbolic link to a file that does not exist" in (
        run.stderr
    )
    assert f"{folder / 'pipe.yaml'}: is a pipe (FIFO)" in run.stderr


def test_a_rules_folder_given_as_a_fifo_is_said_to_be_a_pipe_without_waiting(garou, tmp_path):
    pipe = tmp_path / "rules"
    os.mkfifo(pipe)  # nobody writes to it: opening it would wait for ever
    run = garou("--lang", "en", "rules", "--rules-dir", str(pipe))
    assert run.exit_code == 1 and "is a pipe (FIFO), not a folder" in run.stderr
    plain = tmp_path / "plain.yaml"
    plain.write_text("game: x\n", encoding="utf-8")
    run = garou("--lang", "fr", "roles", "--rules-dir", str(plain))
    assert run.exit_code == 1 and "c'est un fichier, pas un dossier" in run.stderr


def test_a_cache_file_is_kept_whole_with_the_newest_of_its_kind(tmp_path, monkeypatch):
    from garou.core import files

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    folder = files.made_cache_folder()
    for age, name in enumerate(["rules-a.pickle", "rules-b.pickle", "messages-a.marshal"]):
        (folder / name).write_bytes(b"old")
        os.utime(folder / name, (1000 + age, 1000 + age))
    files.keep_in_cache(folder / "rules-c.pickle", b"new", keep=2)
    kept = sorted(p.name for p in folder.iterdir())
    # the newest other rule book stays, the oldest goes; another kind is left alone
    assert kept == ["messages-a.marshal", "rules-b.pickle", "rules-c.pickle"]
    assert (folder / "rules-c.pickle").read_bytes() == b"new"
    files.keep_in_cache(folder / "messages-b.marshal", b"new")
    assert sorted(p.name for p in folder.glob("messages-*")) == ["messages-b.marshal"]


def test_a_cache_that_cannot_be_written_is_no_error(tmp_path, monkeypatch):
    from garou.core import files

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "file"))
    (tmp_path / "file").write_text("in the way")
    files.keep_in_cache(files.cache_folder() / "rules-a.pickle", b"body")  # says nothing
    assert (tmp_path / "file").read_text() == "in the way"
    monkeypatch.setenv("GAROU_RULES_CACHE", "0")
    assert not files.caching()
