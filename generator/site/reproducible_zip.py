"""A zip of files whose bytes depend on the files alone: entries sorted by name, each dated
1980-01-01 (the zip epoch) with the same permissions, so a rebuild writes the same bytes
(the site's build is reproducible; tests/generator/test_site_build.py builds it twice)."""
from __future__ import annotations

import io
import zipfile
from collections.abc import Mapping

ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


def zip_bytes(files: Mapping[str, bytes]) -> bytes:
    """`files` ({name in the zip: bytes}) as one deflated zip."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=ZIP_EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, files[name])
    return buffer.getvalue()
