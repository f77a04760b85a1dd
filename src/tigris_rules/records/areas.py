"""The JSON of the board-game variants' own data (their areas), and what a variant offers
to write it its own way.

A state's JSON holds the areas under ``"areas"``, by variant name, and a player view the
parts the viewer may see. A variant that keeps data as an attrs value of plain fields needs
nothing more: the codec writes it field by field with ``cattrs``. A variant that writes its
own layout (squares as names, say) offers the facets of this module
(:mod:`tigris_rules.model.facets`), each whole:

- :class:`VariantCodec`: ``area_to_json`` and ``area_from_json``;
- :class:`VariantViewCodec`: ``view_area_to_json`` and ``view_area_from_json``, for a view
  that shows less than the area (by default a view's part is written as the area);
- :class:`VariantSchema`: ``area_schema``, the JSON Schema of what it writes;
- :class:`VariantViewSchema`: ``view_area_schema`` (by default the area's own schema).

Only the variants of the configuration are asked (``ruleset.variants``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import cattrs

from tigris_rules.errors import FormatError
from tigris_rules.model.config import GameConfig
from tigris_rules.model.facets import offered
from tigris_rules.model.ruleset import ruleset_for
from tigris_rules.records._checks import fail, member, need_object, problems_of
from tigris_rules.rules.hooks import Variant

__all__ = [
    "VariantCodec",
    "VariantSchema",
    "VariantViewCodec",
    "VariantViewSchema",
    "area_from_json",
    "area_schema",
    "area_to_json",
    "areas_from_json",
    "areas_to_json",
    "view_area_from_json",
    "view_area_schema",
    "view_area_to_json",
    "view_areas_from_json",
    "view_areas_to_json",
]

_fail = fail


class VariantCodec(Protocol):
    """How a variant writes its area in the JSON of a state, and reads it back."""

    def area_to_json(self, area: Any) -> Any:
        """The variant's data as JSON values, under ``areas`` (by the variant's name) in the
        JSON of a state (and of a view, unless the variant offers :class:`VariantViewCodec`).
        """
        ...

    def area_from_json(self, data: Any, config: GameConfig) -> Any:
        """The variant's data read from what :meth:`area_to_json` wrote, for a game of
        ``config``; raises :class:`~tigris_rules.FormatError` with paths inside the area
        (``$`` is the area itself)."""
        ...


class VariantViewCodec(Protocol):
    """How a variant writes what a player view shows of its area, and reads it back."""

    def view_area_to_json(self, seen: Any) -> Any:
        """What the variant's view facet shows of its area, as JSON values."""
        ...

    def view_area_from_json(self, data: Any, config: GameConfig) -> Any:
        """What :meth:`view_area_to_json` wrote, read back."""
        ...


class VariantSchema(Protocol):
    """The JSON Schema of the variant's area."""

    @classmethod
    def area_schema(cls) -> dict[str, Any] | bool:
        """The JSON Schema (draft 2020-12) of what the variant writes of its area, used by
        the generated schemas (:mod:`tigris_rules.records.json_schema`) under
        ``areas.<name>``. It may refer to the shared definitions of the shipped schemas
        (``{"$ref": "#/$defs/square"}``; also ``color``, ``count``, ``seat``,
        ``monument``). Called without a configuration."""
        ...


class VariantViewSchema(Protocol):
    """The JSON Schema of what a player view shows of the variant's area."""

    @classmethod
    def view_area_schema(cls) -> dict[str, Any] | bool:
        """The JSON Schema of what the variant writes of its area in a player view."""
        ...


def area_to_json(variant: Variant[Any], area: object) -> Any:
    """``variant``'s data ``area`` as JSON values: as the variant writes it
    (:class:`VariantCodec`), else field by field with ``cattrs``."""
    codec = offered(variant, VariantCodec)
    return cattrs.unstructure(area) if codec is None else codec.area_to_json(area)


def area_from_json(variant: Variant[Any], data: Any, config: GameConfig) -> object:
    """``variant``'s data read from what :func:`area_to_json` wrote: as the variant reads it
    (:class:`VariantCodec`), else as the class of its opening value, with ``cattrs``."""
    codec = offered(variant, VariantCodec)
    if codec is not None:
        return codec.area_from_json(data, config)
    return cattrs.structure(data, type(variant.new_area(config)))


def view_area_to_json(variant: Variant[Any], seen: object) -> Any:
    """What a view shows of ``variant``'s data, as JSON values: as the variant writes it
    (:class:`VariantViewCodec`), else as its area."""
    codec = offered(variant, VariantViewCodec)
    return area_to_json(variant, seen) if codec is None else codec.view_area_to_json(seen)


def view_area_from_json(variant: Variant[Any], data: Any, config: GameConfig) -> object:
    """What :func:`view_area_to_json` wrote, read back."""
    codec = offered(variant, VariantViewCodec)
    if codec is None:
        return area_from_json(variant, data, config)
    return codec.view_area_from_json(data, config)


def area_schema(variant: Variant[Any]) -> dict[str, Any] | bool:
    """The JSON Schema of what :func:`area_to_json` writes for ``variant``: the variant's own
    (:class:`VariantSchema`), else ``False`` (nothing is written) for a variant that keeps
    no data (one that does not override ``new_area``), else ``{}``, any JSON value: the
    default writer knows the area's class only from a configuration, and a guessed schema
    could refuse what the variant writes."""
    schema = offered(variant, VariantSchema)
    if schema is not None:
        return schema.area_schema()
    if type(variant).new_area is Variant.new_area:
        return False
    return {}


def view_area_schema(variant: Variant[Any]) -> dict[str, Any] | bool:
    """The JSON Schema of what :func:`view_area_to_json` writes for ``variant``: the
    variant's own (:class:`VariantViewSchema`), else its area's."""
    schema = offered(variant, VariantViewSchema)
    return area_schema(variant) if schema is None else schema.view_area_schema()


def areas_to_json(config: GameConfig, areas: tuple[object, ...]) -> dict[str, Any]:
    """The variants' areas as one JSON object, by variant name (variants keeping no data
    are left out)."""
    variants = ruleset_for(config).variants
    return {
        variant.name: area_to_json(variant, area)
        for variant, area in zip(variants, areas, strict=False)
        if area is not None
    }


def areas_from_json(config: GameConfig, value: object) -> tuple[object, ...]:
    """The variants' areas read from :func:`areas_to_json`'s object: one per variant of
    ``config``, its opening value when the object leaves it out."""
    return _by_variant(
        config,
        value,
        lambda variant, data: area_from_json(variant, data, config),
        lambda variant: variant.new_area(config),
    )


def _by_variant(
    config: GameConfig,
    value: object,
    read: Callable[[Any, Any], object],
    missing: Callable[[Any], object],
) -> tuple[object, ...]:
    """One value per variant of ``config``, read by ``read(variant, data)`` from the member
    of the object ``value`` named after the variant, or ``missing(variant)`` without one;
    a member that names no variant of the configuration is refused."""
    obj = need_object(value)
    variants = ruleset_for(config).variants
    names = [v.name for v in variants]
    for key in obj:
        if key not in names:
            known = ", ".join(names) or "none: the configuration plays no variant"
            raise _fail(
                f"no variant of the configuration is named so (variants: {known})",
                member("$", key),
            )
    values: list[object] = []
    for variant in variants:
        if variant.name not in obj:
            values.append(missing(variant))
            continue
        try:
            values.append(read(variant, obj[variant.name]))
        except Exception as exc:  # a variant's reader fails as it likes: name the path
            raise FormatError.of(problems_of(exc, member("$", variant.name))) from None
    return tuple(values)


def view_areas_to_json(config: GameConfig, seen: tuple[object, ...]) -> dict[str, Any]:
    """The variants' parts of a player view as one JSON object, by variant name (as
    :func:`areas_to_json` for a state)."""
    variants = ruleset_for(config).variants
    return {
        variant.name: view_area_to_json(variant, part)
        for variant, part in zip(variants, seen, strict=False)
        if part is not None
    }


def view_areas_from_json(config: GameConfig, value: object) -> tuple[object, ...]:
    """The variants' parts of a player view read from :func:`view_areas_to_json`'s object;
    each variant's part is required, unless the variant keeps no data."""

    def missing(variant: Any) -> None:
        if variant.new_area(config) is not None:
            raise _fail("missing required field", member("$", variant.name))

    return _by_variant(
        config, value, lambda variant, data: view_area_from_json(variant, data, config), missing
    )
