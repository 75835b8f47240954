import type { FastifyInstance } from "fastify";
import { contactCreate, contactDelete, contactExport, contactImport, contactImportPreview, contactList, contactUpdate } from "../../../shared/api/contacts";
import { CONTACT_IMPORT_MAX_BYTES } from "../../../shared/contacts/contact-limits";
import { requireViewer } from "../../http/access";
import { registerEndpoint } from "../../http/endpoint";
import { commitImport, createContact, deleteContact, exportContacts, listContacts, previewImport, updateContact, type ContactsDeps } from "./service";
import { csvDownload } from "../../http/csv-download";

/**
 * Room for the largest file as JSON text (escaping can double it); past the file limit
 * itself the service answers 413 contacts_file_too_large, before reading a line.
 */
const IMPORT_BODY_LIMIT = 2 * CONTACT_IMPORT_MAX_BYTES + 1024;

/** The customer's contacts: list, add, edit, delete, import (preview, then confirm), export. */
export function registerContactRoutes(app: FastifyInstance, deps: ContactsDeps): void {
  registerEndpoint(app, contactList, async ({ request, query }) => listContacts(deps, requireViewer(request).userId, query));

  registerEndpoint(app, contactCreate, async ({ request, body }) => ({ contact: await createContact(deps, requireViewer(request).userId, body) }));

  // Static paths before /api/contacts/:contactId is matched.
  registerEndpoint(app, contactExport, async ({ request, reply }) => {
    const csv = await exportContacts(deps, requireViewer(request).userId);
    csvDownload(reply, "contacts");
    return csv;
  });

  registerEndpoint(app, contactImportPreview, async ({ request, body }) => previewImport(deps, requireViewer(request).userId, body), { bodyLimit: IMPORT_BODY_LIMIT });

  registerEndpoint(app, contactImport, async ({ request, body }) => commitImport(deps, requireViewer(request).userId, body), { bodyLimit: IMPORT_BODY_LIMIT });

  registerEndpoint(app, contactUpdate, async ({ request, params, body }) => ({
    contact: await updateContact(deps, requireViewer(request).userId, params.contactId, body),
  }));

  registerEndpoint(app, contactDelete, async ({ request, params }) => {
    await deleteContact(deps, requireViewer(request).userId, params.contactId);
    return { deleted: true as const };
  });
}
