"""The site directory for a package installed under the prefix argv[1],
relative to it: Debian's own where Python has it, else the standard one."""
import os
import site
import sys
import sysconfig

prefix = os.path.normpath(sys.argv[1])
for directory in site.getsitepackages():
    relative = os.path.relpath(directory, prefix)
    if relative.startswith("lib" + os.sep):  # not /usr/local's under /usr
        print(relative)
        break
else:
    platlib = sysconfig.get_path("platlib", "posix_prefix", vars={"base": prefix, "platbase": prefix})
    print(os.path.relpath(platlib, prefix))
