/** An entry of our language as the importer builds it: a YAML mapping's keys and values. */
export type Entry = Record<string, unknown>;
