#!/usr/bin/env python3
"""Seed corpora and libFuzzer dictionaries for the fuzz targets, generated from the spec.

Writes `fuzz/seeds/<target>/` (one input per file, named by its SHA-1 like libFuzzer's own
corpus files) and `fuzz/dict/<name>.dict`, both git-ignored and rewritten from scratch:

- the records of the conformance vectors (`conformance/vectors/*.json`) and of the JSON Schema
  examples (`generated/schema/examples.json`), sorted to the decoder they exercise;
- handshake lines and settings files built from `protocol.toml`, and the settings examples of
  the README;
- `protocol.dict`: every member name, enum value, operation, event, error code and constant
  string of `protocol.toml`; `settings.dict`: the keys of the settings examples.

Nothing here names a protocol member by hand: a spec change reseeds on the next run.
Usage: fuzz/seed.py  (from anywhere; Python 3.11+ for tomllib).
"""

import base64
import hashlib
import json
import re
import shutil
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FUZZ = ROOT / "fuzz"
SPEC = tomllib.loads((ROOT / "protocol.toml").read_text())


def compact(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def vectors(name):
    return json.loads((ROOT / "conformance" / "vectors" / name).read_text())["vectors"]


def examples():
    return json.loads((ROOT / "generated" / "schema" / "examples.json").read_text())["cases"]


def example_records(kind):
    """Full records of one kind (`request`, `response`, `event`, `session_message`)."""
    return [compact(c["value"]) for c in examples() if c["schema"] == f"#/$defs/records/{kind}"]


def consumer_inputs(prefix):
    return [v["input"].encode() for v in vectors("consumer.json") if v["id"].startswith(prefix) and v.get("input")]


def method_byte(method):
    """The selector byte `decode_response` reads: the method's index in spec order (Method::ALL)."""
    return bytes([list(SPEC["operations"]).index(method)])


def response_seeds():
    out = []
    for v in vectors("consumer.json"):
        request = (v.get("context") or {}).get("request") or {}
        if v["id"].startswith("resp.") and v.get("input") and request.get("method") in SPEC["operations"]:
            out.append(method_byte(request["method"]) + v["input"].encode())
    for record in example_records("response"):
        out += [bytes([i]) + record for i in range(len(SPEC["operations"]))]
    return out


def framing_seeds():
    out = []
    for v in vectors("framing.json"):
        stream = b""
        for action in v["actions"]:
            if "write" in action:
                stream += action["write"].encode()
            elif "write_base64" in action:
                stream += base64.b64decode(action["write_base64"])
        # Four cut bytes first: whole writes, then one-byte writes.
        out += [b"\xff\xff\xff\xff" + stream, b"\x00\x00\x00\x00" + stream]
    return out


def const_of(field):
    """A field's fixed JSON value; `None` for none or a `constants.`/`limits.` reference."""
    try:
        return json.loads(field["const"]) if "const" in field else None
    except json.JSONDecodeError:
        return None


def handshake_seeds():
    fields = SPEC["types"]["HandshakeRequest"]["fields"]
    version = tomllib.loads((ROOT / "Cargo.toml").read_text())["workspace"]["package"]["version"]
    line = {name: const_of(f) for name, f in fields.items()}
    line.update(version=version, workspace="/w")
    # Selector bits: server version equal to the line's (1), server workspace equal (2).
    return [bytes([s]) + compact(line) for s in range(4)]


def readme_settings():
    text = (ROOT / "README.md").read_text()
    return [b.encode() for b in re.findall(r"```toml\n(.*?)```", text, re.S)]


def settings_seeds():
    keys = [name for name in SPEC["types"]["SettingName"]["values"] if name != "selection"]
    levels = SPEC["types"]["ReasoningLevel"]["values"]
    docs = readme_settings()
    docs += [f'provider = "local"\nmodel = "offline"\n{keys[0]} = "{level}"\n{keys[1]} = true\n'.encode() for level in levels]
    # Selector byte: which config.set edits to apply over each file.
    return [bytes([s]) + d for d in docs for s in (0, 7, 0x0F, 0x1B)]


def cursor_seeds():
    found = set()

    def walk(value, key=None):
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
        elif isinstance(value, str) and key is not None and (key == "after" or key.endswith("cursor")):
            found.add(value.encode())

    for c in examples():
        walk(c["value"])
    for v in vectors("consumer.json"):
        try:
            walk(json.loads(v.get("input") or "null"))
        except json.JSONDecodeError:
            pass
    return sorted(found)


def dictionary_words():
    """Strings of protocol.toml that appear on the wire."""
    words = set()

    def fields_of(table):
        for name in ("fields", "common"):
            for member, field in (table.get(name) or {}).items():
                words.add(member)
                if isinstance(field, dict) and isinstance(const_of(field), str):
                    words.add(const_of(field))
        for variant in (table.get("variants") or {}).values():
            fields_of(variant)
            words.update(str(v) for v in (variant.get("match") or {}).values())

    for section in ("types", "envelopes", "messages"):
        for table in SPEC.get(section, {}).values():
            if isinstance(table, dict):
                fields_of(table)
                words.update(v for v in table.get("values", []) if isinstance(v, str))
                words.update(table.get("discriminators", []))
    for section in ("operations", "events", "errors", "launch_errors", "limits"):
        words.update(SPEC.get(section, {}))
    for op in SPEC["operations"].values():
        for part in ("request", "response"):
            fields_of(op.get(part) or {})
    for event in SPEC.get("events", {}).values():
        fields_of(event.get("payload") or event)
    return sorted(w for w in words if w)


def escape(word):
    return "".join(c if 0x20 <= ord(c) < 0x7F and c not in '"\\' else "\\x%02x" % b for c in word for b in c.encode())


def write_dict(name, words, quoted):
    lines = [f'"{escape(json.dumps(w) if quoted else w)}"' for w in words]
    (FUZZ / "dict" / f"{name}.dict").write_text("# Generated by fuzz/seed.py; do not edit.\n" + "\n".join(lines) + "\n")


def toml_keys(docs):
    keys = set()

    def walk(table):
        for k, v in table.items():
            keys.add(k)
            if isinstance(v, dict):
                walk(v)

    for d in docs:
        try:
            walk(tomllib.loads(d.decode()))
        except tomllib.TOMLDecodeError:
            pass
    return sorted(keys)


def main():
    seeds = {
        "decode_request": [v["input"].encode() for v in vectors("requests.json") if v.get("input")]
        + example_records("request"),
        "decode_response": response_seeds(),
        "decode_event": consumer_inputs("event.") + example_records("event"),
        "decode_session_message": consumer_inputs("msg.") + example_records("session_message"),
        "handshake": handshake_seeds(),
        "framing": framing_seeds(),
        "replay_cursor": cursor_seeds(),
        "settings": settings_seeds(),
    }
    for sub in ("seeds", "dict"):
        shutil.rmtree(FUZZ / sub, ignore_errors=True)
        (FUZZ / sub).mkdir(parents=True)
    for target, inputs in seeds.items():
        folder = FUZZ / "seeds" / target
        folder.mkdir()
        for data in inputs:
            (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)
        print(f"{target}: {len(set(inputs))} seeds")
    words = dictionary_words()
    write_dict("protocol", words, quoted=True)
    write_dict("settings", toml_keys(readme_settings()) + SPEC["types"]["ReasoningLevel"]["values"], quoted=False)
    print(f"protocol.dict: {len(words)} words")


if __name__ == "__main__":
    main()
