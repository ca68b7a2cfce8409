"""Validates the generated JSON Schema with an independent validator, Python `jsonschema`
(Draft 2020-12): the schema is valid, every example case of ../examples.json is judged as the
IR labels it, and each wrong record of violations.json gets exactly its one real violation
(instance path and keyword). Hand-written; run by jsonschema_test.sh."""

import copy
import json
import pathlib
import sys
import unittest

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match
from referencing import Registry, Resource

HERE = pathlib.Path(__file__).resolve().parent
SCHEMA = json.loads((HERE.parent / "agentwire.schema.json").read_text(encoding="utf-8"))
EXAMPLES = json.loads((HERE.parent / "examples.json").read_text(encoding="utf-8"))
VIOLATIONS = json.loads((HERE / "violations.json").read_text(encoding="utf-8"))

REGISTRY = Registry().with_resource(SCHEMA["$id"], Resource.from_contents(SCHEMA))


def validator(fragment):
    """A validator of a fragment of the schema, e.g. `#/$defs/records/$defs/event`."""
    return Draft202012Validator({"$ref": SCHEMA["$id"] + fragment}, registry=REGISTRY)


def case_named(name):
    for c in EXAMPLES["cases"]:
        if c["name"] == name:
            return copy.deepcopy(c["value"])
    raise AssertionError(f"no example case named {name}")


def unescape(token):
    return token.replace("~1", "/").replace("~0", "~")


def walk(value, pointer):
    parts = [unescape(p) for p in pointer.split("/")[1:]]
    for p in parts[:-1]:
        value = value[int(p)] if isinstance(value, list) else value[p]
    last = parts[-1]
    return value, (int(last) if isinstance(value, list) else last)


def wrong_record(c):
    value = case_named(c["base"])
    for pointer, v in c.get("set", {}).items():
        parent, key = walk(value, pointer)
        parent[key] = v
    for pointer in c.get("remove", []):
        parent, key = walk(value, pointer)
        del parent[key]
    return value


def pointer(path):
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


class Schema(unittest.TestCase):
    def test_the_schema_is_a_valid_2020_12_schema(self):
        Draft202012Validator.check_schema(SCHEMA)

    def test_every_example_case_is_judged_as_the_ir_labels_it(self):
        self.assertGreater(len(EXAMPLES["cases"]), 100)
        wrong = [
            f"{c['name']}: expected {'valid' if c['valid'] else 'invalid'} against {c['schema']}"
            for c in EXAMPLES["cases"]
            if validator(c["schema"]).is_valid(c["value"]) != c["valid"]
        ]
        self.assertEqual(wrong, [])

    def test_a_wrong_record_gets_its_real_violation(self):
        self.assertGreaterEqual(len(VIOLATIONS["cases"]), 8)
        for c in VIOLATIONS["cases"]:
            with self.subTest(c["name"]):
                errors = list(validator(c["schema"]).iter_errors(wrong_record(c)))
                got = [{"path": pointer(e.absolute_path), "keyword": e.validator} for e in errors]
                self.assertEqual(got, [c["expect"]], [e.message for e in errors])
                # best_match, what most tools print, names the same problem.
                best = best_match(errors)
                self.assertEqual(pointer(best.absolute_path), c["expect"]["path"])


if __name__ == "__main__":
    sys.exit(unittest.main())
