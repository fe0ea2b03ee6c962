/**
 * An inspector's inspections by date, undated ones last (GET /inspections, their agenda): every
 * inspection carries these GSI3 keys from its creation (its inspector and its date never change).
 * Dates sort as instants, whatever offset they were given with.
 */
export const inspectionsOf = (inspectorId: string) => `INSPECTIONS#I#${inspectorId}`;
export const inspectionAgendaIndex = (inspectorId: string, inspectionDate: string | null | undefined, id: string) => ({
  gsi3pk: inspectionsOf(inspectorId),
  gsi3sk: `${inspectionDate ? new Date(inspectionDate).toISOString() : '~'}#${id}`,
});
