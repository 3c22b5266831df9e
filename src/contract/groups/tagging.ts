import { Schema } from "effect"
import { defineGroup } from "../call"
import { Data, Id, IdBody, List, ListQuery, Ok, Paged, CustomerNumber, Text, optionalFields } from "../schemas/common"
import { Conversation } from "../schemas/chat"
import { BulkResult } from "../schemas/contacts"
import { Label, LabelInput, Reminder, ReminderInput, Segment, SegmentInput, Tag, TagInput, TagUpdate } from "../schemas/tagging"

const Query = Schema.Struct(ListQuery)
const Search = Schema.Struct({ ...ListQuery, search: Text(200).check(Schema.isNonEmpty()) })
const ByNumber = Schema.Struct({ number: CustomerNumber })
/** A label goes on a conversation; removing it takes it off that conversation only. */
const Labelling = Schema.Struct({ label_id: Id, conversation_id: Id })

export const tagging = defineGroup(
  "tagging",
  { title: "Tags, reminders, segments, labels", permission: "tagging" },
  {
    tagInsert: { method: "POST", path: "/tag/insert", request: Schema.Struct(TagInput), response: Data(Tag) },
    tags: { method: "POST", path: "/tags", request: Query, response: Paged(Tag) },
    /** Renames a tag and/or puts it on (`add`) or takes it off (`remove`) contacts in bulk; `bulk` says how many. */
    tagUpdate: {
      method: "POST",
      path: "/tag/update",
      request: Schema.Struct({ id: Id, ...optionalFields(TagInput), ...TagUpdate }),
      response: Data(Schema.Struct({ tag: Tag, bulk: Schema.NullOr(BulkResult.fields.data) })),
    },
    tagDelete: { method: "POST", path: "/tag/delete", request: IdBody, response: Ok },
    reminders: { method: "POST", path: "/reminders", request: Query, response: Paged(Reminder) },
    reminderDelete: { method: "POST", path: "/reminder/delete", request: IdBody, response: Ok },
    reminderSearch: { method: "POST", path: "/reminder/search", request: Search, response: Paged(Reminder) },
    reminderEnable: { method: "POST", path: "/reminder/enable", request: IdBody, response: Data(Reminder) },
    reminderDisable: { method: "POST", path: "/reminder/disable", request: IdBody, response: Data(Reminder) },
    reminderUpdate: {
      method: "POST",
      path: "/reminder/update",
      request: Schema.Struct({ id: Id, ...optionalFields(ReminderInput) }),
      response: Data(Reminder),
    },
    reminderInsert: {
      method: "POST",
      path: "/reminder/insert",
      request: Schema.Struct(ReminderInput),
      response: Data(Reminder),
    },
    segments: { method: "POST", path: "/segments", request: Query, response: Paged(Segment) },
    segmentDelete: { method: "POST", path: "/segment/delete", request: IdBody, response: Ok },
    segmentSearch: { method: "POST", path: "/segment/search", request: Search, response: Paged(Segment) },
    segmentUpdate: {
      method: "POST",
      path: "/segment/update",
      request: Schema.Struct({ id: Id, ...optionalFields(SegmentInput) }),
      response: Data(Segment),
    },
    segmentInsert: {
      method: "POST",
      path: "/segment/insert",
      request: Schema.Struct(SegmentInput),
      response: Data(Segment),
    },
    /** The segments a customer is in now. */
    fetchCustomerSegment: {
      method: "POST",
      path: "/fetch/customer/segment",
      request: ByNumber,
      response: List(Segment),
    },
    /** The segment the customer entered last, if any: hand placements by their time, rule matches by the segment's last change. */
    customerLastSegment: {
      method: "POST",
      path: "/customer/last/segment",
      request: ByNumber,
      response: Data(Schema.NullOr(Segment)),
    },
    /** Puts a customer into a segment by hand (`member: false` takes a hand-placed customer out again). */
    customerSegment: {
      method: "POST",
      path: "/customer/segment",
      request: Schema.Struct({ number: CustomerNumber, segment_id: Id, member: Schema.optional(Schema.Boolean) }),
      response: Ok,
    },
    labels: { method: "POST", path: "/labels", request: Query, response: Paged(Label) },
    createLabel: { method: "POST", path: "/create/label", request: Schema.Struct(LabelInput), response: Data(Label) },
    updateLabel: {
      method: "POST",
      path: "/update/label",
      request: Schema.Struct({ id: Id, ...optionalFields(LabelInput) }),
      response: Data(Label),
    },
    deleteLabel: { method: "POST", path: "/delete/label", request: IdBody, response: Ok },
    labelUser: { method: "POST", path: "/label/user", request: Labelling, response: Ok },
    labelRemove: { method: "POST", path: "/label/remove", request: Labelling, response: Ok },
    labelConversations: {
      method: "POST",
      path: "/label/conversations",
      request: Schema.Struct({ ...ListQuery, label_id: Id }),
      response: Paged(Conversation),
    },
  },
)
