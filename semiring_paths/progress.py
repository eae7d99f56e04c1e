"""The progress bar of many-source work: tqdm counting sources, shown only when there is
more than one block to wait for; otherwise an object that ignores its calls."""

from __future__ import annotations


class _Quiet:
    def update(self, n: int = 1) -> None:
        pass

    def close(self) -> None:
        pass


def bar(progress: bool, total: int, desc: str, per_block: int = 0, initial: int = 0):
    """A tqdm bar over ``total`` sources when ``progress`` and ``total > per_block``."""
    if not progress or total <= per_block:
        return _Quiet()
    from tqdm.auto import tqdm

    return tqdm(total=total, initial=initial, desc=desc, unit="src")
