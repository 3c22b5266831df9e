import { defineGroup } from "../call"
import { Undesigned } from "../schemas/common"

export const complaints = defineGroup("complaints", { title: "Complaints", permission: "complaints" }, {
  activeComplaints: { method: "POST", path: "/active/complaints", request: Undesigned, response: Undesigned },
  resolvedComplaints: { method: "POST", path: "/resolved/complaints", request: Undesigned, response: Undesigned },
  updateComplaint: { method: "POST", path: "/update/complaint", request: Undesigned, response: Undesigned },
  searchComplaint: { method: "POST", path: "/search/complaint", request: Undesigned, response: Undesigned },
  fetchTicketReport: { method: "POST", path: "/fetch/ticket/report", request: Undesigned, response: Undesigned },
  postComplaintMetadata: { method: "POST", path: "/complaint/metadata", request: Undesigned, response: Undesigned },
  updateComplaintMetadata: { method: "POST", path: "/update/complaint/metadata", request: Undesigned, response: Undesigned },
  getComplaintMetadata: { method: "GET", path: "/complaint/metadata", request: Undesigned, response: Undesigned },
})
