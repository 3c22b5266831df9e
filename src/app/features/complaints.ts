/** Complain tickets (/apps/complain-ticket): the list and the one complaint being worked on. */
import { type Feature, screen } from "../feature"

export const complaints: Feature = {
  name: "complaints",
  layers: ["machines", "views", "server", "docs"],
  calls: ["complaints"],
  reports: { "report-complaints": () => import("../../machines/complaints/complaints-report").then((m) => m.complaintsMachine) },
  screens: {
    complainTicket: screen(
      () => import("../../views/complaints/ComplaintsView"),
      (m) => m.ComplaintsView,
    ),
  },
  pages: {
    complaint: () => import("../../machines/complaints/complaint-machine").then((m) => m.complaintMachine),
  },
  uses: ["workspace", "report-kit", "chat", "media-preview"],
}
