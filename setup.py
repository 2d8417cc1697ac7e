"""Build the compiled search core (Cython binding over a C engine)."""

import platform

from Cython.Build import cythonize
from setuptools import Extension, setup

compile_args = ["-O3"]
if platform.machine().lower() in {"x86_64", "amd64"}:
    # popcount in one instruction; every x86-64 CPU since 2008 has it.
    compile_args.append("-mpopcnt")

extensions = [
    Extension(
        "sudokit._engine",
        sources=[
            "src/sudokit/_engine.pyx",
            "src/sudokit/_core/engine.c",
            "src/sudokit/_core/fast9.c",
            "src/sudokit/_core/generate.c",
            "src/sudokit/_core/serate.c",
            "src/sudokit/_core/sechain.c",
            "src/sudokit/_core/minlex.c",
            "src/sudokit/_core/verify.c",
            "src/sudokit/_core/lcg.c",
        ],
        include_dirs=["src/sudokit"],
        extra_compile_args=compile_args,
    )
]

setup(ext_modules=cythonize(extensions, compiler_directives={"language_level": "3"}))
