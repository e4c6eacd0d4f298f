#!/usr/bin/env node
// Compares every namespace and (nested) key of the console's locales: en-US against zh-CN and back.
// Prints what is missing and exits 1 when anything is. Plain Node, no dependencies.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'src', 'i18n', 'locales');
const LOCALES = ['en-US', 'zh-CN'];

function flatten(value, prefix = '', out = new Map()) {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

function load(locale) {
  const namespaces = new Map();
  for (const file of readdirSync(join(root, locale)).filter((f) => f.endsWith('.json'))) {
    const text = readFileSync(join(root, locale, file), 'utf8');
    try {
      namespaces.set(file.replace(/\.json$/, ''), flatten(JSON.parse(text)));
    } catch (error) {
      console.error(`${locale}/${file}: invalid JSON (${error.message})`);
      process.exitCode = 1;
    }
  }
  return namespaces;
}

const loaded = Object.fromEntries(LOCALES.map((l) => [l, load(l)]));
const problems = [];
for (const from of LOCALES) {
  for (const to of LOCALES.filter((l) => l !== from)) {
    for (const [ns, keys] of loaded[from]) {
      const other = loaded[to].get(ns);
      if (!other) {
        problems.push(`${to}: namespace "${ns}" is missing (present in ${from})`);
        continue;
      }
      for (const [key, value] of keys) {
        if (!other.has(key)) problems.push(`${to}: ${ns}:${key} is missing (present in ${from})`);
        else if (typeof value === 'string' && value.trim() === '')
          problems.push(`${from}: ${ns}:${key} is empty`);
      }
    }
  }
}

const unique = [...new Set(problems)];
if (unique.length > 0) {
  for (const line of unique) console.error(line);
  console.error(`i18n check: ${unique.length} problem(s).`);
  process.exit(1);
}
const total = [...loaded['en-US'].values()].reduce((n, keys) => n + keys.size, 0);
console.log(`i18n check: ${loaded['en-US'].size} namespaces, ${total} keys, en-US and zh-CN complete.`);
