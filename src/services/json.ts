/**
 * JSON text known to hold a `T`: made by `jsonOf`, or read back from storage this site wrote. A
 * plain string is not one, so an answer sent as prepared text keeps its type for the typed client.
 */
export type Json<T> = string & { readonly __holds?: T };

export const jsonOf = <T>(value: T): Json<T> => JSON.stringify(value) as Json<T>;
