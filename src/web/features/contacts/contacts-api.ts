import { useMutation, useQueryClient } from "@tanstack/react-query";
import { contactCreate, contactDelete, contactImport, contactImportPreview, contactUpdate, type ContactInput } from "../../../shared/api/contacts";
import type { ContactImportFormat } from "../../../shared/contacts/contact-limits";
import { callApi } from "../../lib/api-client";
import { CONTACTS_QUERY_KEY } from "../../lib/contacts/contacts-api";

export interface ImportFile {
  format: ContactImportFormat;
  text: string;
  country?: string;
}

/** Every change re-reads the lists: order, prices and counts are the server's to say. */
function useContactMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey: CONTACTS_QUERY_KEY }) });
}

export function useCreateContact() {
  return useContactMutation((body: ContactInput) => callApi(contactCreate, { body }));
}

export function useUpdateContact() {
  return useContactMutation(({ id, body }: { id: string; body: ContactInput }) => callApi(contactUpdate, { params: { contactId: id }, body }));
}

export function useDeleteContact() {
  return useContactMutation((id: string) => callApi(contactDelete, { params: { contactId: id } }));
}

/** What an import would do; nothing is saved, so nothing is re-read. */
export function useImportPreview() {
  return useMutation({ mutationFn: (body: ImportFile) => callApi(contactImportPreview, { body }) });
}

export function useImportCommit() {
  return useContactMutation((body: ImportFile) => callApi(contactImport, { body }));
}

/** A file's format by its name or type: vCard for .vcf/.vcard, else CSV. */
export function importFormatOf(file: Pick<File, "name" | "type">): ContactImportFormat {
  return /\.(vcf|vcard)$/i.test(file.name) || /vcard/i.test(file.type) ? "vcard" : "csv";
}
