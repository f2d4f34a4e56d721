"""pyopenvx: Python binding of libopenvx (Khronos OpenVX 1.3.1).

Two layers:

* ``pyopenvx.ffi`` / ``pyopenvx.lib``: the exact C API of the headers (every
  function and constant), built by cffi in API mode;
* a Pythonic layer: :class:`Context`, :class:`Kernel`, the data objects over
  NumPy (:class:`Image`, :class:`Tensor`, :class:`Scalar`, :class:`Array`, ...,
  :class:`ObjectArray`, :class:`Pyramid`, :class:`Delay`), graphs and nodes
  (:class:`Graph`, :class:`Node`, user kernels in Python), exceptions per
  ``vx_status`` (:class:`VXError` and subclasses), the C enums as ``IntEnum``
  classes (:class:`Format`, :class:`ConvertPolicy`, :class:`BorderMode`,
  :class:`GraphState`...; the constants without the ``VX_`` prefix are their
  members: ``vx.DF_IMAGE_U8 is vx.Format.U8``; the exact ``VX_*`` names are in
  ``lib``), one graph method and one array function per kernel of the kernel
  table (``g.canny(img, 80, 100, out)``, ``vx.canny(a, 80, 100)``,
  see :data:`ARRAY_FUNCTIONS` and ``pyopenvx/_kernel_table.py``).

Immediate mode on ndarrays, then the same in a graph (run by the tests)::

    >>> import numpy as np, pyopenvx as vx
    >>> a = np.arange(24, dtype=np.uint8).reshape(4, 6)
    >>> vx.box3x3(a, border="replicate")         # 1/9 of the 3x3 sum, truncated
    array([[ 2,  3,  4,  5,  6,  6],
           [ 6,  7,  8,  9, 10, 10],
           [12, 13, 14, 15, 16, 16],
           [16, 17, 18, 19, 20, 20]], dtype=uint8)
    >>> with vx.Context() as ctx:
    ...     img = ctx.image_from_numpy(a)            # no copy
    ...     out = ctx.image(img.width, img.height, vx.Format.U8)
    ...     g = ctx.graph()
    ...     node = g.box3x3(img, out)
    ...     node.border = vx.Border("replicate")
    ...     g.process()                              # verifies on the first run
    ...     print(img.format, g.state, (out.to_numpy() == vx.box3x3(a, border="replicate")).all())
    Format.U8 GraphState.COMPLETED True
"""

from ._ffi import ffi, lib
from ._constants import CONSTANTS as _CONSTANTS, SHORT_CONSTANTS as _SHORT, version
from ._errors import *  # noqa: F401,F403  (VXError, check, the subclasses)
from ._errors import __all__ as _errors_all
from ._enums import *  # noqa: F401,F403  (Format, ConvertPolicy, BorderMode, GraphState, ...)
from ._enums import __all__ as _enums_all
from ._reference import Reference
from ._context import Context, Kernel, Border, LogEntry
from ._objects_basic import Scalar, Array, LUT, Distribution, Matrix, Convolution, Threshold, Remap
from ._image import Image
from ._objects_nd import Tensor, UserDataObject, ObjectArray, Pyramid, Delay
from ._graph import Graph, Node, Performance, MetaFormat, UserKernel
from ._vision import *  # noqa: F401,F403  (immediate mode on ndarrays: vx.gaussian3x3, ...)
from ._vision import __all__ as _vision_all
from ._vision_control import *  # noqa: F401,F403
from ._vision_control import __all__ as _vision_control_all
from ._vision_imgext import *  # noqa: F401,F403
from ._vision_imgext import __all__ as _vision_imgext_all
from ._vision_hog import *  # noqa: F401,F403
from ._vision_hog import __all__ as _vision_hog_all
from ._vision_tensorops import *  # noqa: F401,F403
from ._vision_tensorops import __all__ as _vision_tensorops_all
from ._vision_bilateral import *  # noqa: F401,F403
from ._vision_bilateral import __all__ as _vision_bilateral_all
from ._nn import *  # noqa: F401,F403
from ._nn import __all__ as _nn_all
from ._ix import *  # noqa: F401,F403
from ._stream import Stream, Event, wait_event, FrameSource, FrameSink  # noqa: F401
from ._ix import __all__ as _ix_all
from ._arrays import ARRAY_FUNCTIONS
from ._vision import _vx_min as min, _vx_max as max  # noqa: A001 (not in __all__: no shadowing on import *)
from .model import import_model, Model  # noqa: F401

__version__ = "0.1.0"


def _short_constants():
    """The constants without their ``VX_`` prefix (``DF_IMAGE_U8``, ``CHANNEL_R``...), as members of
    their IntEnum family where they have one (so ``vx.DF_IMAGE_U8`` prints as ``Format.U8``).  The
    exact C names (``VX_DF_IMAGE_U8``) live in :data:`lib` only."""
    from ._enums import FAMILIES
    from ._kernel_table import ENUMS
    members = {}
    for family, cls in FAMILIES.items():
        prefix = ENUMS[family][1]
        for m in cls:
            members[prefix + m.name.lstrip("_") if m.name[0] == "_" else prefix + m.name] = m
    out = {}
    for name, value in _SHORT.items():
        out[name] = members.get("VX_" + name, value)
    return out


# The extension name strings (OPENVX_KHR_NN...) as Python str.
globals().update({n: v for n, v in _CONSTANTS.items() if n.startswith("OPENVX_")})
# Short constants unless they would shadow something the package defines itself.
for _name, _value in _short_constants().items():
    if _name not in globals():
        globals()[_name] = _value
del _name, _value

__all__ = (["ffi", "lib", "version", "Context", "Kernel", "Border", "LogEntry",
            "Scalar", "Array", "LUT", "Distribution", "Matrix", "Convolution", "Threshold", "Remap",
            "Image", "Tensor", "UserDataObject", "ObjectArray", "Pyramid", "Delay",
            "import_model", "Model",
            "Graph", "Node", "Performance", "MetaFormat", "UserKernel", "ARRAY_FUNCTIONS",
            "Stream", "Event", "wait_event", "FrameSource", "FrameSink",
            "Reference", "__version__"] + list(_errors_all) + list(_enums_all) + list(_vision_all)
           + list(_vision_control_all) + list(_vision_imgext_all) + list(_vision_hog_all)
           + list(_vision_tensorops_all) + list(_vision_bilateral_all) + list(_nn_all) + list(_ix_all)
           + sorted(n for n in _CONSTANTS if n.startswith("OPENVX_"))
           + sorted(n for n in _SHORT if n in globals()))
