// No Swift toolchain runs here, so the package is checked with the real Swift grammar
// (tree-sitter-swift): every .swift file must parse without ERROR or MISSING nodes, and every
// type name the package uses must be declared in it or come from Swift/Foundation/libc.
// Hand-written; run with `npm test` here or `bash generated/test-node.sh`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import Parser from 'tree-sitter';
import Swift from 'tree-sitter-swift';

const root = fileURLToPath(new URL('..', import.meta.url));

function swiftFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'test' || name.startsWith('.')) return [];
    if (statSync(path).isDirectory()) return swiftFiles(path);
    return name.endsWith('.swift') ? [path] : [];
  });
}

const parser = new Parser();
parser.setLanguage(Swift);
// tree-sitter's default input buffer is small; size it to the file.
const parse = (source) => parser.parse(source, undefined, { bufferSize: source.length * 2 + 1024 });

const files = swiftFiles(root).map((path) => {
  const source = readFileSync(path, 'utf8');
  return { path: relative(root, path), source, tree: parse(source) };
});

function* walk(node) {
  yield node;
  for (const child of node.children) yield* walk(child);
}

/** Syntax problems: ERROR nodes and MISSING (inserted) tokens, with positions. */
function problems(file) {
  const out = [];
  for (const node of walk(file.tree.rootNode)) {
    if (node.type === 'ERROR' || node.isMissing) {
      const { row, column } = node.startPosition;
      const what = node.isMissing ? `missing ${node.type}` : 'syntax error';
      out.push(`${file.path}:${row + 1}:${column + 1}: ${what} near ${JSON.stringify(node.text.slice(0, 60))}`);
    }
  }
  return out;
}

test('the package has the expected Swift files', () => {
  const paths = files.map((f) => f.path).sort();
  for (const expected of ['Package.swift', 'Sources/AgentWire/Generated/Protocol.swift', 'Sources/AgentWireClient/Client.swift', 'Sources/AgentWireHarness/main.swift', 'Sources/AgentWire/Runtime/JSONProfile.swift']) {
    assert.ok(paths.includes(expected), `${expected} exists`);
  }
});

test('the checker finds syntax errors', () => {
  const broken = { path: 'broken.swift', tree: parse('struct A { let x: = 1 }\nfunc f( {') };
  assert.ok(problems(broken).length > 0);
});

for (const file of files) {
  test(`${file.path} parses without errors`, () => {
    assert.deepEqual(problems(file), []);
  });
}

// Types the package may use without declaring them.
const external = new Set([
  // Swift standard library
  'Any', 'Array', 'ArraySlice', 'AsyncThrowingStream', 'BinaryInteger', 'Bool', 'CaseIterable', 'CheckedContinuation', 'Codable',
  'CodingKey', 'CustomStringConvertible', 'Decodable', 'Decoder', 'Dictionary', 'Double', 'Encodable', 'Encoder',
  'Equatable', 'Error', 'Hashable', 'Int', 'Int32', 'Key', 'KeyedDecodingContainer', 'Never', 'Optional', 'Sendable', 'Set',
  'String', 'Task', 'UInt16', 'UInt32', 'UInt64', 'UInt8', 'UnsafeMutableRawPointer', 'UnsafeRawBufferPointer',
  'UnsafeRawPointer', 'UnsafeBufferPointer', 'UnsafePointer', 'Void', 'StaticString', 'UInt', 'Result', 'Duration', 'AsyncSequence', 'AsyncIteratorProtocol',
  'CancellationError', 'ContinuousClock',
  // XCTest
  'XCTestCase',
  // Foundation
  'Data', 'DecodingError', 'DispatchSemaphore', 'FileHandle', 'NSNull', 'NSString', 'JSONDecoder', 'JSONEncoder', 'NSLock', 'ObjCBool', 'Thread', 'URL', 'UUID',
  // libc
  'sa_family_t', 'sockaddr', 'sockaddr_un', 'socklen_t',
  // PackageDescription
  'Package',
  // the package's own module, to reach a shadowed top-level type
  'AgentWire',
]);

function typeNames() {
  const declared = new Set();
  const used = [];
  for (const file of files) {
    for (const node of walk(file.tree.rootNode)) {
      if (['class_declaration', 'protocol_declaration', 'typealias_declaration', 'associatedtype_declaration'].includes(node.type)) {
        const name = node.childForFieldName('name');
        if (name && name.type === 'type_identifier') declared.add(name.text);
      } else if (node.type === 'type_parameter') {
        const id = node.children.find((c) => c.type === 'type_identifier');
        if (id) declared.add(id.text);
      } else if (node.type === 'user_type' && node.parent?.type !== 'attribute') {
        const first = node.children.find((c) => c.type === 'type_identifier');
        if (first) used.push({ name: first.text, where: `${file.path}:${first.startPosition.row + 1}` });
      }
    }
  }
  return { declared, used };
}

test('every type the package uses is declared or external', () => {
  const { declared, used } = typeNames();
  const unknown = used.filter((u) => !declared.has(u.name) && !external.has(u.name)).map((u) => `${u.where}: ${u.name}`);
  assert.deepEqual([...new Set(unknown)], []);
});

test('no top-level type is declared twice', () => {
  const seen = new Map();
  const twice = [];
  for (const file of files) {
    for (const node of file.tree.rootNode.children) {
      if (!['class_declaration', 'protocol_declaration', 'typealias_declaration'].includes(node.type)) continue;
      const name = node.childForFieldName('name');
      if (!name || name.type !== 'type_identifier') continue;
      if (seen.has(name.text)) twice.push(`${name.text}: ${seen.get(name.text)} and ${file.path}`);
      seen.set(name.text, file.path);
    }
  }
  assert.deepEqual(twice, []);
});

// The limits preflight checks come from the spec, never from a hand-kept list: Limits.outputBounds
// names exactly the `[limits.NAME]` tables of protocol.toml that say `bounds_output = true`
// (read from the TOML text, not from anything generated), and no hand-written file spells a
// limit's wire name.
const spec = readFileSync(new URL('../../../protocol.toml', import.meta.url), 'utf8');

function limitTables(text) {
  const limits = [];
  let table = '';
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    const header = /^\[\[?([^\]]+)\]\]?$/.exec(line);
    if (header) {
      table = header[1];
      if (table.startsWith('limits.')) limits.push({ name: table.slice('limits.'.length), output: false, profile: null });
    } else if (table.startsWith('limits.') && /^bounds_output\s*=\s*true$/.test(line)) {
      limits[limits.length - 1].output = true;
    } else if (table.startsWith('limits.') && /^profile\s*=\s*"([^"]+)"$/.test(line)) {
      limits[limits.length - 1].profile = /"([^"]+)"/.exec(line)[1];
    }
  }
  return limits;
}

test('Limits.outputBounds is exactly what protocol.toml marks bounds_output', () => {
  const generated = files.find((f) => f.path === 'Sources/AgentWire/Generated/Protocol.swift').source;
  const start = generated.indexOf('    public enum Name {\n');
  assert.ok(start >= 0, 'Limits.Name is generated');
  const block = generated.slice(start, generated.indexOf('\n    }\n', start));
  const wire = new Map([...block.matchAll(/public static let (\w+) = "([^"]+)"/g)].map((m) => [m[1], m[2]]));
  const list = /public static let outputBounds: \[\(name: String, value: UInt64\)\] = \[(.*)\]$/m.exec(generated);
  assert.ok(list, 'Limits.outputBounds is generated');
  const entries = [...list[1].matchAll(/\(Name\.(\w+), (\w+)\)/g)].map((m) => {
    assert.equal(m[1], m[2], 'each entry pairs a name with its own value');
    return wire.get(m[1]);
  });
  // Limits.outputBounds is the ordinary profile's: an optional profile's bounds apply only to a
  // connection that negotiated it.
  const flagged = limitTables(spec).filter((l) => l.output && l.profile === null).map((l) => l.name);
  assert.ok(flagged.length > 0, 'the spec flags no output bound');
  assert.deepEqual(entries, flagged);
});

test('no hand-written Swift file spells a limit name', () => {
  const names = limitTables(spec).map((l) => l.name);
  const spelled = files
    .filter((f) => f.path !== 'Sources/AgentWire/Generated/Protocol.swift')
    .flatMap((f) => names.filter((n) => f.source.includes(`"${n}"`)).map((n) => `${f.path}: ${n}`));
  assert.deepEqual(spelled, []);
});
