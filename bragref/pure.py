"""The pure-Python path of `bragref.structs`: what bragref takes from msgspec, made of the standard library alone, for
a Python where msgspec does not import (a browser's: docs/design.md, The two paths). Only `bragref.structs` imports
this, and only when msgspec is not there or `BRAGREF_PURE` is set.

- `Struct`: a value class made as it is defined, as the standard library's dataclasses are made but without their
  cost at import, taking msgspec's class options `frozen` and `forbid_unknown_fields` (inherited as msgspec inherits
  them; its `gc` is taken and changes nothing), with `__struct_fields__`, msgspec's mutable defaults (an empty `[]`,
  `{}` or `set()` is copied for each value) and `__post_init__`, which `replace` and `convert` call as msgspec does.
- `encode`: the bytes msgspec's JSON encoder gives: no spaces, keys in their order, text as UTF-8 with only `"`, `\\`
  and the control characters escaped, a struct as an object of every field, a float as msgspec writes it (the
  shortest digits that read back, `1e16`, `1e-7`, `0.00001`; not a number: `null`).
- `decode`, `convert`: JSON read by the standard library, then checked against a type as msgspec checks it, refused
  with msgspec's words (`Expected `int`, got `str` - at `$.amount``).
"""

from __future__ import annotations

import json
import math
import re

__all__ = ["DecodeError", "Struct", "ValidationError", "asdict", "convert", "decode", "encode", "field",
           "force_setattr", "replace"]


class DecodeError(ValueError):
    """Input that is not JSON (msgspec's `DecodeError`)."""


class ValidationError(DecodeError):
    """A value not of its type (msgspec's `ValidationError`)."""


# ---- structs ------------------------------------------------------------------------------------------------------

_INHERITED = ("frozen", "forbid_unknown_fields")  # the class options a subclass takes from its base (as msgspec)
_UNTRACKED = {"gc"}  # msgspec's `gc=False` (a value the cycle collector need not track): taken, and meaningless here
_MUTABLE = (list, dict, set)
_MISSING = object()  # no default given; for a factory's field, not given to `__init__`


class _Field:
    """What `field` gives: a default, or a factory making one for each value."""

    __slots__ = ("default", "factory")

    def __init__(self, default, factory):
        self.default, self.factory = default, factory


def field(*, default=_MISSING, default_factory=_MISSING, name=None):
    """msgspec's `field`: a default, or a factory making one for each value."""
    if name is not None:
        raise TypeError("the pure path keeps every field under its own name")
    if default is not _MISSING and default_factory is not _MISSING:
        raise TypeError("cannot set both `default` and `default_factory`")
    return _Field(default, default_factory)


def _is_classvar(annotation) -> bool:
    if isinstance(annotation, str):
        return annotation.startswith(("ClassVar", "typing.ClassVar"))
    import typing

    return annotation is typing.ClassVar or typing.get_origin(annotation) is typing.ClassVar


def _own_annotations(cls) -> dict:
    """The annotations the class statement wrote (strings under `from __future__ import annotations`)."""
    own = cls.__dict__.get("__annotations__")  # noqa: RUF063 - `inspect`'s costs an import; 3.14's way below
    if own is None:  # Python 3.14 evaluates annotations only when asked (PEP 649)
        try:
            import annotationlib
        except ImportError:
            return {}
        own = annotationlib.get_annotations(cls, format=annotationlib.Format.FORWARDREF)
    return own


def _made(source: str, name: str, names: dict):
    exec(source, names)  # noqa: S102 - source this module wrote, as the standard library's dataclasses do
    return names[name]


class _StructMeta(type):
    """Makes each class of `Struct` a value class as msgspec makes it: its fields its base's and then the ones it
    annotates (a ClassVar is no field), each a parameter of `__init__` in that order; `__eq__` by type and fields,
    `__repr__`, and for a frozen one `__hash__` and no attribute set after `__init__`. Written as source and compiled
    once a class, as the standard library's dataclasses do, without their cost at import."""

    def __new__(mcls, name, bases, namespace, **options):
        cls = super().__new__(mcls, name, bases, namespace)
        if not any(isinstance(base, _StructMeta) for base in bases):
            return cls  # `Struct` itself
        unknown = set(options) - set(_INHERITED) - _UNTRACKED
        if unknown:
            raise TypeError(f"the pure path takes no struct option {sorted(unknown)}")
        config, defaults, fields = {}, {}, []
        for base in reversed(cls.__mro__[1:]):
            config.update(base.__dict__.get("__struct_options__", {}))
            for f in base.__dict__.get("__struct_fields__", ()):
                if f not in defaults and f not in fields:
                    fields.append(f)
            defaults.update(base.__dict__.get("__struct_defaults__", {}))
        config.update(options)
        for attribute, annotation in _own_annotations(cls).items():
            if _is_classvar(annotation):
                continue
            if attribute not in fields:
                fields.append(attribute)
            value = cls.__dict__.get(attribute, _MISSING)
            if isinstance(value, _Field):
                defaults[attribute] = (value.default, value.factory)
                delattr(cls, attribute)
            elif type(value) in _MUTABLE:
                if value:
                    raise TypeError(f"{name}.{attribute}: a mutable default must be empty (as msgspec's)")
                defaults[attribute] = (_MISSING, type(value))
                delattr(cls, attribute)
            elif value is not _MISSING:
                defaults[attribute] = (value, _MISSING)
            else:
                defaults.pop(attribute, None)
        optional = False
        for f in fields:
            if f in defaults:
                optional = True
            elif optional:
                raise TypeError(f"Required field '{f}' cannot follow optional fields")
        cls.__struct_options__ = config
        cls.__struct_fields__ = tuple(fields)
        cls.__struct_fieldset__ = frozenset(fields)
        cls.__struct_defaults__ = defaults
        post = getattr(cls, "__post_init__", None)
        cls.__struct_post__ = post
        frozen = config.get("frozen", False)
        mcls._write(cls, name, fields, defaults, post is not None, frozen)
        return cls

    def __init__(cls, name, bases, namespace, **options):
        super().__init__(name, bases, namespace)

    @staticmethod
    def _write(cls, name, fields, defaults, post, frozen):  # noqa: PLW0211 - `cls`: the class being made
        names = {"_MISSING": _MISSING}
        parameters, lines = [], []
        for f in fields:
            default, factory = defaults.get(f, (_MISSING, _MISSING))
            if factory is not _MISSING:
                names[f"_f_{f}"] = factory
                parameters.append(f"{f}=_MISSING")
                lines.append(f" _values_['{f}'] = _f_{f}() if {f} is _MISSING else {f}")
            else:
                if default is not _MISSING:
                    names[f"_d_{f}"] = default
                parameters.append(f"{f}=_d_{f}" if default is not _MISSING else f)
                lines.append(f" _values_['{f}'] = {f}")
        body = "\n".join(lines) or " pass"
        source = f"def __init__(self, {', '.join(parameters)}):\n _values_ = self.__dict__\n{body}\n"
        if post:
            source += " self.__post_init__()\n"
        own = cls.__dict__
        if "__init__" not in own:
            cls.__init__ = _made(source, "__init__", names)
            cls.__init__.__qualname__ = f"{cls.__qualname__}.__init__"
        if "__eq__" not in own:
            cls.__eq__ = _eq
        if "__repr__" not in own:
            cls.__repr__ = _repr
        if frozen:
            cls.__setattr__ = _immutable
            cls.__delattr__ = _immutable
            if "__hash__" not in own:
                cls.__hash__ = _hash
        elif "__hash__" not in own:
            cls.__hash__ = None


def _eq(self, other):
    if type(other) is not type(self):
        return NotImplemented
    return self.__dict__ == other.__dict__


def _hash(self):
    return hash(tuple(self.__dict__.values()))


def _repr(self):
    fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in type(self).__struct_fields__)
    return f"{type(self).__name__}({fields})"


def _immutable(self, name, *value):
    raise AttributeError(f"immutable type: '{type(self).__name__}'")


class Struct(metaclass=_StructMeta):
    """msgspec's `Struct`: `class Player(Struct, frozen=True): name: str; paid: int = 0`. A value keeps its fields
    in its `__dict__`, in their order (msgspec's in slots)."""

    __slots__ = ()


_new = object.__new__


def replace(struct, /, **changes):
    """A copy of `struct` with some fields changed, its `__post_init__` run (msgspec's `structs.replace`): its
    dictionary copied, not `__init__` called field by field, on a play's every move."""
    cls = type(struct)
    made = _new(cls)
    values = made.__dict__
    values.update(struct.__dict__)
    fields = len(values)
    values.update(changes)
    if len(values) != fields:  # a name that is no field
        name = min(changes.keys() - cls.__struct_fieldset__)
        raise TypeError(f"`{cls.__name__}` has no field '{name}'")
    post = cls.__struct_post__
    if post is not None:
        post(made)
    return made


def asdict(struct) -> dict:
    """The fields' values by name, not copied, not recursed into (msgspec's `structs.asdict`)."""
    return {name: getattr(struct, name) for name in type(struct).__struct_fields__}


force_setattr = object.__setattr__  # a field of a frozen value set in its own `__post_init__`


# ---- JSON out -----------------------------------------------------------------------------------------------------

def _plain(value):
    """What the standard library's encoder does not know, as what it does: a struct as its fields by name, a set as
    a list (msgspec writes both so)."""
    if isinstance(value, Struct):
        return value.__dict__  # its fields, in their order
    if isinstance(value, (set, frozenset)):
        return list(value)
    import enum

    if isinstance(value, enum.Enum):
        return value.value
    raise TypeError(f"Encoding objects of type {type(value).__name__} is unsupported")


_fast = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False, check_circular=False,
                         default=_plain).encode


def encode(value) -> bytes:
    """`value` as msgspec's JSON encoder writes it, byte for byte. The standard library's C encoder writes everything
    alike but a float in exponent form (`1e+16` where msgspec writes `1e16`) and not-a-number (msgspec: `null`): where
    its text may hold one, it is written again by `_slow`, whose floats are msgspec's."""
    try:
        text = _fast(value)
    except ValueError:  # not a number
        text = None
    if text is None or (("e+" in text or "e-" in text) and _exponent(text)):  # a digit before: "three-card" is none
        text = _slow(value)
    return text.encode()


_exponent = re.compile(r"[0-9]e[-+]").search  # a float Python wrote with an exponent (or text that looks so: the
# same bytes either way, written the slow way)
_string = json.encoder.encode_basestring  # escapes `"`, `\` and the control characters only, as msgspec


def float_text(number: float) -> str:
    """A float as msgspec writes it: Python's shortest digits that read back, positional from 1e-5 up to 1e16,
    an exponent with no `+` and no leading zero outside (`1e16`, `1.5e-7`); `null` for what is not a number."""
    if not math.isfinite(number):
        return "null"
    text = float.__repr__(number)
    if "e" not in text:
        return text
    mantissa, exponent = text.split("e")
    power = int(exponent)
    if power == -5:  # Python writes 1e-05, msgspec 0.00001
        sign, digits = ("-", mantissa[1:]) if mantissa.startswith("-") else ("", mantissa)
        return f"{sign}0.0000{digits.replace('.', '')}"
    return f"{mantissa}e{power}"


def _key(key) -> str:
    if isinstance(key, str):
        return _string(key)
    if isinstance(key, int) and not isinstance(key, bool):
        return f'"{int.__repr__(key)}"'
    if isinstance(key, float):
        return f'"{float_text(key)}"'
    raise TypeError(f"Only dicts with str-like or number-like keys are supported, not {type(key).__name__}")


def _slow(value) -> str:
    """`encode`'s text written in Python, one value at a time."""
    if isinstance(value, str):
        return _string(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        return float_text(value)
    if isinstance(value, dict):
        return "{" + ",".join(f"{_key(k)}:{_slow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(_slow(v) for v in value) + "]"
    return _slow(_plain(value))


# ---- JSON in, and types checked -----------------------------------------------------------------------------------

def _no_constant(name: str):
    raise ValueError(f"{name} is not JSON")


_decoder = json.JSONDecoder(parse_constant=_no_constant).decode  # made once: `json.loads` with an option makes one
# a call


def decode(data, *, type=None, strict=True):
    """JSON read (bytes or text) as msgspec's `json.decode` reads it; with `type`, checked and made that type."""
    try:
        if not isinstance(data, str):
            data = bytes(data).decode()  # JSON is UTF-8 (msgspec reads nothing else)
        value = _decoder(data)
    except json.JSONDecodeError as error:
        if error.pos >= len(error.doc.rstrip()):
            raise DecodeError("Input data was truncated") from None
        raise DecodeError(f"JSON is malformed: {error.msg} (byte {error.pos})") from None
    except (ValueError, TypeError) as error:
        raise DecodeError(f"JSON is malformed: {error}") from None
    return value if type is None else convert(value, type)


_HINTS: dict = {}


def _hints(cls) -> dict:
    """Each field of a struct class and its type, resolved once."""
    hints = _HINTS.get(cls)
    if hints is None:
        import typing

        every = typing.get_type_hints(cls)
        hints = _HINTS[cls] = {name: every[name] for name in cls.__struct_fields__}
    return hints


def _kind(value) -> str:
    """A value's JSON kind as msgspec names it in a refusal."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    if isinstance(value, str):
        return "str"
    if isinstance(value, (list, tuple, set, frozenset)):
        return "array"
    if isinstance(value, dict) or hasattr(type(value), "__struct_fields__"):
        return "object"
    return type(value).__name__


def _named(kind) -> str:
    """A type as msgspec names it in a refusal (`int | null`)."""
    import typing

    if kind is None or kind is type(None):
        return "null"
    origin = typing.get_origin(kind)
    if _is_union(kind):
        members = typing.get_args(kind)
        named = [_named(m) for m in members if m is not type(None)]
        return " | ".join(named + ["null"] * (type(None) in members))
    if kind in (list, tuple, set, frozenset) or origin in (list, tuple, set, frozenset):
        return "array"
    if kind is dict or origin is dict or hasattr(kind, "__struct_fields__"):
        return "object"
    return getattr(kind, "__name__", str(kind))


def _is_union(kind) -> bool:
    import types
    import typing

    return typing.get_origin(kind) in (typing.Union, types.UnionType)


def _at(path: str) -> str:
    return "" if path == "$" else f" - at `{path}`"


def _refuse(kind, value, path: str):
    raise ValidationError(f"Expected `{_named(kind)}`, got `{_kind(value)}`{_at(path)}")


def convert(value, type, *, strict=True):
    """`value` made `type`, every part checked as msgspec's `convert` checks it; `ValidationError` in msgspec's
    words otherwise."""
    return _convert(value, type, "$")


def _convert(value, kind, path: str):
    import typing

    if kind is typing.Any or kind is object:
        return value
    if kind is None or kind is type(None):
        if value is None:
            return None
        _refuse(kind, value, path)
    if kind is bool:
        if isinstance(value, bool):
            return value
        _refuse(kind, value, path)
    if kind is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        _refuse(kind, value, path)
    if kind is float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
        _refuse(kind, value, path)
    if kind is str:
        if isinstance(value, str):
            return value
        _refuse(kind, value, path)
    if hasattr(kind, "__struct_fields__"):
        return _struct(value, kind, path)
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if _is_union(kind):
        if value is None and type(None) in args:
            return None
        for member in args:
            if member is not type(None) and _accepts(member, value):
                return _convert(value, member, path)
        _refuse(kind, value, path)
    if origin is typing.Literal:
        if value in args and any(type(value) is type(arg) for arg in args):
            return value
        raise ValidationError(f"Invalid enum value {value!r}{_at(path)}")
    if kind in (list, tuple, set, frozenset) or origin in (list, tuple, set, frozenset):
        if not isinstance(value, (list, tuple)):
            _refuse(kind, value, path)
        made = origin or kind
        if made is tuple and args and args[-1] is not Ellipsis:
            if len(value) != len(args):
                raise ValidationError(f"Expected `array` of length {len(args)}, got {len(value)}{_at(path)}")
            return tuple(_convert(v, a, f"{path}[{i}]") for i, (v, a) in enumerate(zip(value, args, strict=False)))
        member = args[0] if args else typing.Any
        return made(_convert(v, member, f"{path}[{i}]") for i, v in enumerate(value))
    if kind is dict or origin is dict:
        if not isinstance(value, dict):
            _refuse(kind, value, path)
        keys, values = args if args else (typing.Any, typing.Any)
        made = {}
        for k, v in value.items():
            try:
                k = _convert(k, keys, "$")
            except ValidationError as error:
                raise ValidationError(f"{error!s} - at `key` in `{path}`") from None
            made[k] = _convert(v, values, f"{path}[...]")
        return made
    if isinstance(kind, type):
        if isinstance(value, kind):
            return value
        _refuse(kind, value, path)
    raise TypeError(f"the pure path cannot check values of type {kind!r}")


def _accepts(kind, value) -> bool:
    """Whether a union's member is the one `value` is meant for (by its JSON kind, as msgspec picks)."""
    wanted = _named(kind)
    got = _kind(value)
    return got == wanted or (wanted == "float" and got == "int")


def _struct(value, cls, path: str):
    if isinstance(value, cls):
        return value
    if not isinstance(value, dict):
        _refuse(cls, value, path)
    hints = _hints(cls)
    forbid = cls.__struct_options__.get("forbid_unknown_fields", False)
    made = {}
    for name, given in value.items():
        if name in hints:
            made[name] = _convert(given, hints[name], f"{path}.{name}")
        elif forbid:
            raise ValidationError(f"Object contains unknown field `{name}`{_at(path)}")
    for name in cls.__struct_fields__:
        if name not in made and name not in cls.__struct_defaults__:
            raise ValidationError(f"Object missing required field `{name}`{_at(path)}")
    try:
        return cls(**made)
    except (TypeError, ValueError) as error:
        if isinstance(error, ValidationError):
            raise
        raise ValidationError(f"{error}{_at(path)}") from None
