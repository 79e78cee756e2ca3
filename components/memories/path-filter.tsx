"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Input } from "@/components/ui/field.tsx";

export type PathFilterProps = {
  root: string;
  nameFilter: string;
  /** Shows folder `prefix` at the top, with only entries whose name starts with `name`. */
  onApply: (prefix: string, name: string) => void;
};

/** "/notes/" opens that folder; "/notes/to" opens /notes/ and keeps entries starting with "to". */
export function splitPathInput(input: string): { prefix: string; name: string } {
  const path = input.trim().startsWith("/") ? input.trim() : "/" + input.trim();
  const cut = path.lastIndexOf("/") + 1;
  return { prefix: path.slice(0, cut), name: path.slice(cut) };
}

/** Jump to a folder and filter its entries by the start of their name; the server lists the folder. */
export function PathFilter({ root, nameFilter, onApply }: PathFilterProps) {
  const [value, setValue] = useState(root + nameFilter);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { prefix, name } = splitPathInput(value);
    onApply(prefix, name);
  }
  return (
    <form onSubmit={submit} className="flex items-center gap-2" role="search">
      <label htmlFor="path-filter" className="sr-only">
        Go to path
      </label>
      <Input
        id="path-filter"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder="/folder/ or /folder/name-start"
        className="w-72 font-mono"
        title="A folder (ending in /) opens it; text after the last / keeps that folder's entries whose name starts with it. Case-sensitive, like paths."
      />
      <Button type="submit" variant="secondary">
        Go
      </Button>
      {(root !== "/" || nameFilter) && (
        <Button
          variant="ghost"
          onClick={() => {
            setValue("/");
            onApply("/", "");
          }}
        >
          Clear
        </Button>
      )}
    </form>
  );
}
