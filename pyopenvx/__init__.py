"""pyopenvx: Python binding of libopenvx (Khronos OpenVX 1.3.1).

Two layers:

* ``pyopenvx.ffi`` / ``pyopenvx.lib``: the exact C API of the headers (every
  function and constant), built by cffi in API mode;
* a Pythonic layer: :class:`Context`, :class:`Kernel`, the data objects over
  NumPy (:class:`Image`, :class:`Tensor`, :class:`Scalar`, :class:`Array`, ...,
  :class:`ObjectArray`, :class:`Pyramid`, :class:`Delay`), graphs and nodes
  (:class:`Graph`, :class:`Node`, user kernels in Python), exceptions per
  ``vx_status`` (:class:`VXError` and subclasses), constants with and without
  the ``VX_`` prefix (``vx.DF_IMAGE_U8 == vx.VX_DF_IMAGE_U8``), and the vision
  functions in immediate mode on ndarrays (``vx.gaussian3x3(a)``, ``vx.canny(a, 80, 100)``).

    import pyopenvx as vx
    with vx.Context() as ctx:
        print(ctx.version, ctx.implementation, ctx.extensions)
        img = ctx.image_from_numpy(frame)        # no copy
        out = ctx.image(img.width, img.height, vx.DF_IMAGE_S16).to_numpy()
"""

from ._ffi import ffi, lib
from ._constants import CONSTANTS as _CONSTANTS, SHORT_CONSTANTS as _SHORT, version
from ._errors import *  # noqa: F401,F403  (VXError, check, the subclasses)
from ._errors import __all__ as _errors_all
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
from ._ix import __all__ as _ix_all

__version__ = "0.1.0"

# Constants: full names first, then the short names unless they would shadow
# something the package defines itself.
globals().update(_CONSTANTS)
for _name, _value in _SHORT.items():
    if _name not in globals():
        globals()[_name] = _value
del _name, _value

__all__ = (["ffi", "lib", "version", "Context", "Kernel", "Border", "LogEntry",
            "Scalar", "Array", "LUT", "Distribution", "Matrix", "Convolution", "Threshold", "Remap",
            "Image", "Tensor", "UserDataObject", "ObjectArray", "Pyramid", "Delay",
            "Graph", "Node", "Performance", "MetaFormat", "UserKernel",
            "Reference", "__version__"] + list(_errors_all) + list(_vision_all)
           + list(_vision_control_all) + list(_vision_imgext_all) + list(_vision_hog_all) + list(_vision_tensorops_all) + list(_vision_bilateral_all) + list(_nn_all) + list(_ix_all)
           + sorted(_CONSTANTS) + sorted(_SHORT))
