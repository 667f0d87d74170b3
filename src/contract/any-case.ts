// A regular expression matching a list of words in any case and nothing else, for a parameter whose accepted values
// are a case-insensitive list (countries, languages): JSON Schema has no case-insensitive enum, so the OpenAPI
// document states such a list as a `pattern`, and the validator checks that same pattern.

interface Node {
  children: Map<string, Node>;
  end: boolean;
}

/** ECMAScript's syntax characters, the only ones escaped (an escaped `-` is an error under the `u` flag). */
const SPECIAL = /[\^$\\.*+?()[\]{}|/]/;

/** One character in either case (`[aA]`), or itself when it has no other case. */
function atom(char: string): string {
  const upper = char.toUpperCase();
  if (upper !== char && upper.length === 1 && upper.toLowerCase() === char) return `[${char}${upper}]`;
  return SPECIAL.test(char) ? `\\${char}` : char;
}

const isAtom = (text: string) => /^(?:\[[^\]]+\]|\\.|.)$/u.test(text);

function render(node: Node): string {
  const branches = [...node.children].map(([char, child]) => atom(char) + render(child));
  if (!branches.length) return '';
  const body = branches.length === 1 ? (branches[0] as string) : `(?:${branches.join('|')})`;
  if (!node.end) return body;
  return isAtom(body) ? `${body}?` : `(?:${body})?`;
}

/**
 * `^(?:…)$` matching each of `words` (lower case) with any of its letters in either case, built as a trie so shared
 * prefixes are written once.
 */
export function anyCasePattern(words: Iterable<string>): string {
  const root: Node = { children: new Map(), end: false };
  for (const word of words) {
    let node = root;
    for (const char of word.toLowerCase()) {
      let child = node.children.get(char);
      if (!child) {
        child = { children: new Map(), end: false };
        node.children.set(char, child);
      }
      node = child;
    }
    node.end = true;
  }
  return `^${render(root)}$`;
}
