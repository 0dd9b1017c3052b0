"""The pure-Python path of `bragref.structs`: what bragref takes from msgspec, made of the standard library alone, for
a Python where msgspec does not import (a browser's: docs/design.md, The two paths). Only `bragref.structs` imports
this, and only when msgspec is not there or `BRAGREF_PURE` is set.

- `Struct`: a class made a dataclass as it is defined, taking msgspec's class options (`frozen`,
  `forbid_unknown_fields`, `kw_only`; the first two inherited as msgspec inherits them), with `__struct_fields__`,
  msgspec's mutable defaults (an empty `[]`, `{}` or `set()` is copied for each value) and `__post_init__`, which
  `replace` and `convert` call as msgspec does.
- `encode`: the bytes msgspec's JSON encoder gives: no spaces, keys in their order, text as UTF-8 with only `"`, `\\`
  and the control characters escaped, a struct as an object of every field, a float as msgspec writes it (the
  shortest digits that read back, `1e16`, `1e-7`, `0.00001`; not a number: `null`).
- `decode`, `convert`: JSON read by the standard library, then checked against a type as msgspec checks it, refused
  with msgspec's words (`Expected `int`, got `str` - at `$.amount``).
"""

from __future__ import annotations

import dataclasses
import json
import math

__all__ = ["DecodeError", "Struct", "ValidationError", "asdict", "convert", "decode", "encode", "field",
           "force_setattr", "replace"]


class DecodeError(ValueError):
    """Input that is not JSON (msgspec's `DecodeError`)."""


class ValidationError(DecodeError):
    """A value not of its type (msgspec's `ValidationError`)."""


# ---- structs ------------------------------------------------------------------------------------------------------

_INHERITED = ("frozen", "forbid_unknown_fields")  # the class options a subclass takes from its base (as msgspec)
_MUTABLE = (list, dict, set)


def _is_classvar(annotation) -> bool:
    if isinstance(annotation, str):
        return annotation.startswith(("ClassVar", "typing.ClassVar"))
    import typing

    return annotation is typing.ClassVar or typing.get_origin(annotation) is typing.ClassVar


def _own_annotations(cls) -> dict:
    """The annotations the class statement wrote (strings under `from __future__ import annotations`)."""
    own = cls.__dict__.get("__annotations__")
    if own is None:  # Python 3.14 evaluates annotations when asked (PEP 649)
        try:
            import annotationlib

            own = annotationlib.get_annotations(cls, format=annotationlib.Format.FORWARDREF)
        except ImportError:
            own = {}
    return own


class _StructMeta(type):
    def __new__(mcls, name, bases, namespace, **options):
        cls = super().__new__(mcls, name, bases, namespace)
        if not any(isinstance(base, _StructMeta) for base in bases):
            return cls  # `Struct` itself
        config = {}
        for base in reversed(cls.__mro__[1:]):
            config.update(base.__dict__.get("__struct_options__", {}))
        config.update({key: options[key] for key in _INHERITED if key in options})
        unknown = set(options) - {*_INHERITED, "kw_only"}
        if unknown:
            raise TypeError(f"the pure path takes no struct option {sorted(unknown)}")
        for attribute, annotation in _own_annotations(cls).items():
            default = cls.__dict__.get(attribute, dataclasses.MISSING)
            if type(default) in _MUTABLE and not _is_classvar(annotation):
                if default:
                    raise TypeError(f"{name}.{attribute}: a mutable default must be empty (as msgspec's)")
                setattr(cls, attribute, dataclasses.field(default_factory=type(default)))
        cls = dataclasses.dataclass(cls, frozen=config.get("frozen", False), kw_only=options.get("kw_only", False),
                                    match_args=False)
        cls.__struct_options__ = config
        cls.__struct_fields__ = tuple(f.name for f in dataclasses.fields(cls))
        cls.__struct_fieldset__ = frozenset(cls.__struct_fields__)
        cls.__struct_post__ = getattr(cls, "__post_init__", None)
        return cls

    def __init__(cls, name, bases, namespace, **options):
        super().__init__(name, bases, namespace)


class Struct(metaclass=_StructMeta):
    """msgspec's `Struct`, as a dataclass: `class Player(Struct, frozen=True): name: str; paid: int = 0`."""

    __slots__ = ()


def field(*, default=dataclasses.MISSING, default_factory=dataclasses.MISSING, name=None):
    """msgspec's `field`: a default, or a factory making one for each value."""
    if name is not None:
        raise TypeError("the pure path keeps every field under its own name")
    return dataclasses.field(default=default, default_factory=default_factory)


def replace(struct, /, **changes):
    """A copy of `struct` with some fields changed, its `__post_init__` run (msgspec's `structs.replace`). Made by
    copying the instance's dictionary, not by calling `__init__` field by field: on a play's every move."""
    cls = type(struct)
    if not changes.keys() <= cls.__struct_fieldset__:
        name = sorted(changes.keys() - cls.__struct_fieldset__)[0]
        raise TypeError(f"`{cls.__name__}` has no field '{name}'")
    made = object.__new__(cls)
    values = made.__dict__
    values.update(struct.__dict__)
    values.update(changes)
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
    fields = getattr(type(value), "__struct_fields__", None)
    if fields is not None:
        return {name: getattr(value, name) for name in fields}
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
    if text is None or "e+" in text or "e-" in text:  # often only words holding "e-" ("one-eyed"): written alike
        text = _slow(value)
    return text.encode()


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


def decode(data, *, type=None, strict=True):
    """JSON read (bytes or text) as msgspec's `json.decode` reads it; with `type`, checked and made that type."""
    try:
        value = json.loads(data, parse_constant=_no_constant)
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
            return tuple(_convert(v, a, f"{path}[{i}]") for i, (v, a) in enumerate(zip(value, args)))
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
                raise ValidationError(f"{str(error)} - at `key` in `{path}`") from None
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
    for f in dataclasses.fields(cls):
        if f.name not in made and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise ValidationError(f"Object missing required field `{f.name}`{_at(path)}")
    try:
        return cls(**made)
    except (TypeError, ValueError) as error:
        if isinstance(error, ValidationError):
            raise
        raise ValidationError(f"{error}{_at(path)}") from None
