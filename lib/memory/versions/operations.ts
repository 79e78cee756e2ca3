/** What a version records: the one list, used by the domain, the wire schemas and the console. */
export const VERSION_OPERATIONS = ["created", "modified", "deleted"] as const;
export type VersionOperation = (typeof VERSION_OPERATIONS)[number];
