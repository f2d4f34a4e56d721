"""The C enums as :class:`enum.IntEnum` classes, so values print as names.

Built from the families of the kernel table (``_kernel_table.ENUMS``) and the
constants of ``lib``: ``Format.U8 == lib.VX_DF_IMAGE_U8`` prints as
``<Format.U8: 942682197>``; ``ConvertPolicy.SATURATE``, ``Interpolation.BILINEAR``,
``BorderMode.REPLICATE``, ``GraphState.VERIFIED``, ...  Members whose C name
starts with a digit (``VX_CHANNEL_0``) are spelt with a leading underscore
(``Channel._0``).  Each is an ``int``, so it goes wherever the C API wants the
value.  :func:`coerce` turns a member, an int or a name (``"saturate"``,
``"nearest"``, any case) into the C value.
"""

import enum

from ._ffi import lib
from ._kernel_table import ENUMS, ENUM_MEMBERS

__all__ = []

#: family name -> IntEnum class
FAMILIES = {}
#: family name -> {lower-case name or alias: member}
_NAMES = {}


class VXEnum(enum.IntEnum):
    """An ``int`` that prints as its name (``Format.U8``), also where 3.11's ``IntEnum`` prints the number."""

    def __str__(self):
        return "%s.%s" % (type(self).__name__, self.name)


def _member_name(suffix):
    return "_" + suffix if suffix[0].isdigit() else suffix


def _build():
    consts = [n for n in dir(lib) if n.startswith("VX_")]
    for family, (cls_name, prefix, aliases) in ENUMS.items():
        members = {}
        names = ENUM_MEMBERS.get(family)
        if names is None:
            names = [n[len(prefix):] for n in consts if n.startswith(prefix) and len(n) > len(prefix)]
        expanded = []
        for suffix in names:
            if suffix.endswith("*"):
                expanded += sorted((n[len(prefix):] for n in consts if n.startswith(prefix + suffix[:-1])),
                                   key=lambda n: -getattr(lib, prefix + n))
            else:
                expanded.append(suffix)
        for suffix in expanded:
            v = getattr(lib, prefix + suffix, None)
            if isinstance(v, int):
                members[_member_name(suffix)] = v
        if not members:
            continue
        cls = VXEnum(cls_name, members, module=__name__)
        cls.__doc__ = "``%s*`` values (C enum family %r)." % (prefix, family)
        FAMILIES[family] = cls
        table = {}
        for m in cls:
            table[m.name.lower()] = m
            table[m.name.lower().lstrip("_")] = m
        for alias, target in aliases.items():
            table[alias] = cls[_member_name(target)]
        _NAMES[family] = table
        globals()[cls_name] = cls
        __all__.append(cls_name)


_build()


def coerce(value, family, what="value"):
    """A member, an int or a (case-insensitive) name of ``family`` -> int."""
    cls = FAMILIES[family]
    if isinstance(value, str):
        try:
            return int(_NAMES[family][value.lower()])
        except KeyError:
            raise ValueError("%s: %r is not one of %s" % (what, value, ", ".join(sorted(_NAMES[family])))) \
                from None
    if isinstance(value, (bool, float)):
        raise TypeError("%s: a %s name or value, got %r" % (what, cls.__name__, value))
    try:
        return int(value)
    except (TypeError, ValueError):
        raise TypeError("%s: a %s name (%s) or value, got %r"
                        % (what, cls.__name__, ", ".join(sorted(_NAMES[family])), value)) from None


def as_enum(value, family):
    """``value`` as the member of ``family`` when it is one, else unchanged."""
    try:
        return FAMILIES[family](value)
    except (ValueError, KeyError):
        return value


def names(family):
    """The names ``coerce`` accepts for ``family``."""
    return sorted(_NAMES[family])
