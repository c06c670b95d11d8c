// The command line of a benchmark, as each script declares it.
import { parseArgs } from 'node:util';

/**
 * Parses `--name value` options: each key of `numbers` is a `--name N` option with that default
 * (a number in the result), each of `flags` a `--name` switch (false unless given), each of
 * `strings` a `--name TEXT` option (undefined unless given). An unknown option is an error.
 */
export function benchArgs({ numbers = {}, flags = [], strings = [] }) {
  const options = {};
  for (const [name, value] of Object.entries(numbers))
    options[name] = { type: 'string', default: String(value) };
  for (const name of strings) options[name] = { type: 'string' };
  for (const name of flags) options[name] = { type: 'boolean', default: false };
  const { values } = parseArgs({ options });
  for (const name of Object.keys(numbers)) values[name] = Number(values[name]);
  return values;
}
