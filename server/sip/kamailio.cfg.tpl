#!KAMAILIO
# SIP over WebSocket for the PBX softphone (/apps/pbxcalls). Rendered by server/sip/kamailio.ts:
# __HOST__, __PORT__, __DOMAIN__ and __SECRET__ are replaced; the secret is shared with the API server,
# which issues each user time-limited credentials (auth_ephemeral: user "<expiry>:<extension>",
# password base64(HMAC-SHA1(secret, user))). Nothing is stored here: no database, no fixed accounts.
# The next lines become `#!define WITH_RTPENGINE` and RTPENGINE_SOCK when rtpengine (the media gateway) runs, and
# RPC_TOKEN: what the API server sends (X-Pbx-Token) to publish the tenants' trunks into the `pbx` table.
__DEFINES__

debug=2
log_stderror=yes
memdbg=5
memlog=5
children=2
tcp_children=2
auto_aliases=no
listen=tcp:__HOST__:__PORT__
# Desk phones and trunks usually speak SIP over UDP: the same port number.
listen=udp:__HOST__:__PORT__
alias="__DOMAIN__"
tcp_accept_no_cl=yes
tcp_connection_lifetime=3605
disable_tcp=no

mpath="/usr/lib/x86_64-linux-gnu/kamailio/modules/"
loadmodule "tm.so"
loadmodule "sl.so"
loadmodule "rr.so"
loadmodule "pv.so"
loadmodule "maxfwd.so"
loadmodule "textops.so"
loadmodule "siputils.so"
loadmodule "kex.so"
loadmodule "xlog.so"
loadmodule "sanity.so"
loadmodule "usrloc.so"
loadmodule "registrar.so"
loadmodule "nathelper.so"
loadmodule "xhttp.so"
loadmodule "websocket.so"
loadmodule "auth.so"
loadmodule "auth_ephemeral.so"
loadmodule "htable.so"
loadmodule "jsonrpcs.so"
loadmodule "uac.so"
loadmodule "corex.so"
loadmodule "tmx.so"
#!ifdef WITH_RTPENGINE
loadmodule "rtpengine.so"
modparam("rtpengine", "rtpengine_sock", RTPENGINE_SOCK)
#!endif

modparam("usrloc", "db_mode", 0)
modparam("registrar", "max_expires", 600)
modparam("registrar", "min_expires", 30)
modparam("registrar", "max_contacts", 5)
# A contact registered over a TCP or WebSocket connection leaves with it, at the next of usrloc's timer runs (every 10 s):
# a console tab that crashed or lost its network could not unregister, and five such tabs would refuse the agent's next
# registration (max_contacts) until they expired, up to ten minutes later, with colleagues' transfer lists showing the
# agent online meanwhile.
modparam("usrloc", "handle_lost_tcp", 1)
modparam("usrloc", "timer_interval", 10)
# Without this the stored contact keeps sip.js's "*.invalid" host and lookup() cannot reach the WebSocket.
modparam("registrar", "received_avp", "$avp(RECEIVED)")
modparam("nathelper", "received_avp", "$avp(RECEIVED)")
modparam("usrloc", "nat_bflag", 6)
modparam("nathelper", "natping_interval", 30)
modparam("nathelper", "ping_nated_only", 1)
modparam("nathelper", "sipping_bflag", 6)
modparam("nathelper", "sipping_from", "sip:keepalive@__DOMAIN__")
modparam("auth_ephemeral", "secret", "__SECRET__")
# "<expiry>:<extension>": the expiry is a Unix time, checked by autheph_check.
modparam("auth_ephemeral", "username_format", 1)
# The tenants' trunks as the API server publishes them (htable.sets over JSON-RPC, see route[TO_TRUNK]):
#   ext:<extension> = tenant (every softphone user's); trunk:<tenant> = "host:port;transport=udp"; fmt/cc/np/ip:<tenant> = number format;
#   cid:<tenant> = caller id; user/pass:<tenant> = digest credentials; did:<number> = tenant;
#   src:<tenant> = the carrier's IP address; ring:<tenant> = the extensions an inbound call rings ("1001;1002");
#   rec:<tenant> = 1 when the tenant records its calls.
modparam("htable", "htable", "pbx=>size=10;")
# Call records, read and removed by the API server (pbx-call-records.ts): "<call-id>::start" = "<time>;<caller>;
# <dialled>;<internal|outbound|inbound>;<tenant of an inbound call>", "::answer" = "<time>;<who answered>",
# "::end" = "<time>;<final SIP status>" (times "seconds.microseconds"), "::tag" = the caller's From tag (rtpengine's
# name for the caller's side of a recorded call, pbx-recording.ts), "::rec" = 1 when the call's tenant records calls.
# Unread records expire after 6 h.
modparam("htable", "htable", "calls=>size=10;autoexpire=21600;")
# Registered contacts ("<user>@<host>:<port>" of the contact URI) whose answer to OPTIONS offered WebRTC media
# (route[PROBE_MEDIA]); kept a little longer than the longest registration, refreshed by each REGISTER.
modparam("htable", "htable", "media=>size=8;autoexpire=660;")
modparam("jsonrpcs", "transport", 1)
modparam("jsonrpcs", "pretty_format", 0)
# The caller id replaces From towards the carrier and is restored on the way back (an rr parameter).
modparam("uac", "restore_mode", "auto")
modparam("uac", "auth_username_avp", "$avp(trunk_user)")
modparam("uac", "auth_password_avp", "$avp(trunk_pass)")
modparam("uac", "auth_realm_avp", "$avp(trunk_realm)")
modparam("websocket", "keepalive_mechanism", 1)
modparam("websocket", "keepalive_interval", 5)
modparam("websocket", "keepalive_timeout", 10)

request_route {
	if (!mf_process_maxfwd_header("10")) { sl_send_reply("483", "Too Many Hops"); exit; }
	if (!sanity_check("1511", "7")) { exit; }
	if (is_method("OPTIONS") && uri==myself && $rU==$null) { sl_send_reply("200", "Keepalive"); exit; }

	route(NAT);

	if (is_method("CANCEL")) {
		if (t_check_trans()) {
			route(MEDIA_END);
			t_relay();
		}
		exit;
	}

	if (has_totag()) {
		if (loose_route()) {
			handle_ruri_alias();
			if (is_method("BYE")) {
				route(MEDIA_END);
				if ($sht(calls=>$ci::start) != $null && $sht(calls=>$ci::end) == $null) { $sht(calls=>$ci::end) = $TV(Sn) + ";200"; }
			}
			route(RELAY);
			exit;
		}
		if (is_method("ACK")) {
			if (t_check_trans()) { t_relay(); }
			exit;
		}
		sl_send_reply("404", "Not here");
		exit;
	}

	t_check_trans();
	if (is_method("INVITE")) {
		# What the call record will say (route[CALL_START]); $var()s live on in this process, so set each time.
		$var(rec_dialled) = $rU;
		$var(rec_dir) = "internal";
		$var(rec_tenant) = "";
		route(FROM_TRUNK);
	}
	route(AUTH);

	if (is_method("REGISTER")) {
		# save() answers the REGISTER itself, also when it fails (a second reply would be a stray "500").
		if (save("location")) { route(PROBE_MEDIA); }
		exit;
	}

	if (is_method("INVITE") && $rU =~ "^[+][1-9][0-9]{6,14}$") { route(TO_TRUNK); }
	# An extension of another tenant does not exist for this caller (both known: published by the API server).
	if (is_method("INVITE") && $sht(pbx=>ext:$rU) != $null && $sht(pbx=>ext:$fU) != $null && $sht(pbx=>ext:$rU) != $sht(pbx=>ext:$fU)) {
		sl_send_reply("404", "Not Found");
		exit;
	}
	if (is_method("INVITE")) { record_route(); }
	if (!lookup("location")) {
		t_newtran();
		t_reply("404", "Not Found");
		exit;
	}
	route(RELAY);
}

# Clients behind NAT: sip.js sits behind a WebSocket with "*.invalid" contacts (64); a desk phone behind a home
# router announces a private contact (1) or Via (2), or sends from another port than it announces (16). Each is
# reached back where its request came from: the REGISTER stores the source as the contact's "received" (over TCP
# and WebSocket that is the client's own connection, which Kamailio reuses), other requests get an alias on their
# Contact, and UDP clients are pinged (OPTIONS every 30 s) so their router keeps the mapping open.
route[NAT] {
	force_rport();
	if (!nat_uac_test("83")) { return; }
	if (is_method("REGISTER")) {
		fix_nated_register();
		if ($proto == "udp") { setbflag(6); }
	} else {
		add_contact_alias();
	}
}

# What media a registered phone speaks, asked before anyone calls it: OPTIONS with "Accept: application/sdp" is
# answered with the SDP the phone would offer (RFC 3261 11.2; baresip, for one, does so). A phone that offers
# UDP/TLS/RTP/SAVPF is then offered WebRTC media at once (branch_route[MEDIA]) instead of plain RTP first: over UDP a
# phone that refused the plain offer 488 may never answer a second offer of the same request (same Call-ID, From tag
# and CSeq while it still holds the refused transaction). Browsers (WebSocket) always take WebRTC media: not asked.
# The request leaves to where the REGISTER came from, the phone's NAT mapping (or its own TCP connection).
route[PROBE_MEDIA] {
	if ($proto =~ "^ws" || $ct == "*") { return; }
	$var(contact) = $(ct{nameaddr.uri});
	$var(key) = $(var(contact){uri.user}) + "@" + $(var(contact){uri.host}) + ":" + $(var(contact){uri.port});
	if ($hdr(Expires) == "0" || $ct =~ ";expires=0") {
		$sht(media=>$var(key)) = $null;
		return;
	}
	$uac_req(all) = $null;
	$uac_req(method) = "OPTIONS";
	$uac_req(ruri) = $var(contact);
	$uac_req(furi) = "sip:pbx@__DOMAIN__";
	$uac_req(turi) = $var(contact);
	$uac_req(ouri) = "sip:" + $si + ":" + $sp + ";transport=" + $proto;
	$uac_req(hdrs) = "Accept: application/sdp\r\n";
	$uac_req(evroute) = 1;
	$uac_req(evparam) = $var(key);
	uac_req_send();
}

event_route[uac:reply] {
	if ($uac_req(evcode) != 200) { return; }
	if (has_body("application/sdp") && $rb =~ "UDP/TLS/RTP/SAVPF") {
		$sht(media=>$uac_req(evparam)) = "webrtc";
	} else {
		$sht(media=>$uac_req(evparam)) = $null;
	}
}

# Every dialog-creating request carries this server's own ephemeral credentials, and its identity
# (To for REGISTER, From otherwise) must be the extension the credentials were issued for.
route[AUTH] {
	if (!autheph_check("$fd")) {
		auth_challenge("$fd", "0");
		exit;
	}
	if (is_method("REGISTER")) {
		if (!autheph_check_to()) { sl_send_reply("403", "Forbidden: AoR is not your extension"); exit; }
	} else {
		if (!autheph_check_from()) { sl_send_reply("403", "Forbidden: From is not your extension"); exit; }
	}
	consume_credentials();
}

# A dialled E.164 number leaves through the caller's tenant's trunk, in the carrier's number format, with the
# tenant's caller id (From and P-Asserted-Identity); a carrier that challenges gets the tenant's digest
# credentials (failure_route[FAILED]).
route[TO_TRUNK] {
	$var(t) = $sht(pbx=>ext:$fU);
	if ($var(t) == $null || $sht(pbx=>trunk:$var(t)) == $null) {
		sl_send_reply("404", "No trunk for phone numbers");
		exit;
	}
	$var(rec_dir) = "outbound";
	$var(fmt) = $sht(pbx=>fmt:$var(t));
	if ($var(fmt) == "digits") {
		$rU = $(rU{s.substr,1,0});
	} else if ($var(fmt) == "national") {
		$var(cc) = "+" + $sht(pbx=>cc:$var(t));
		$var(len) = $(var(cc){s.len});
		if ($(rU{s.substr,0,$var(len)}) == $var(cc)) {
			$rU = $sht(pbx=>np:$var(t)) + $(rU{s.substr,$var(len),0});
		} else {
			$rU = $sht(pbx=>ip:$var(t)) + $(rU{s.substr,1,0});
		}
	}
	$ru = "sip:" + $rU + "@" + $sht(pbx=>trunk:$var(t));
	$var(from) = "sip:" + $sht(pbx=>cid:$var(t)) + "@" + $sht(pbx=>host:$var(t));
	record_route();
	uac_replace_from("$var(from)");
	remove_hf("P-Asserted-Identity");
	append_hf("P-Asserted-Identity: <$var(from)>\r\n");
	$avp(trunk_user) = $sht(pbx=>user:$var(t));
	$avp(trunk_pass) = $sht(pbx=>pass:$var(t));
	setflag(3);
	route(RELAY);
}

# A call from a tenant's carrier (its address) to one of the tenant's numbers rings its agents' registered
# softphones and phones at once (parallel forking); 480 when none is online. Anything else is authenticated.
route[FROM_TRUNK] {
	$var(t) = $sht(pbx=>did:$rU);
	if ($var(t) == $null || $si != $sht(pbx=>src:$var(t))) { return; }
	if ($sht(pbx=>ring:$var(t)) == $null) {
		sl_send_reply("480", "No agent online");
		exit;
	}
	$var(ring) = $sht(pbx=>ring:$var(t));
	$var(rec_dir) = "inbound";
	$var(rec_tenant) = $var(t);
	# Only the agents registered now: the first becomes the request URI, the others parallel branches.
	$var(n) = $(var(ring){s.count,;}) + 1;
	$var(i) = 0;
	$var(found) = 0;
	while ($var(i) < $var(n)) {
		$var(uri) = "sip:" + $(var(ring){s.select,$var(i),;}) + "@__DOMAIN__";
		if (registered("location", "$var(uri)")) {
			if ($var(found) == 0) { $ru = $var(uri); } else { append_branch("$var(uri)"); }
			$var(found) = $var(found) + 1;
		}
		$var(i) = $var(i) + 1;
	}
	if ($var(found) == 0 || !lookup_branches("location")) {
		sl_send_reply("480", "No agent online");
		exit;
	}
	record_route();
	route(RELAY);
}

route[RELAY] {
	if (is_method("INVITE") && !has_totag()) { route(CALL_START); }
	if (is_method("INVITE|BYE|UPDATE|CANCEL|ACK")) { t_on_reply("REPLY"); }
	if (is_method("INVITE|UPDATE")) {
		t_on_branch("MEDIA");
		t_on_failure("FAILED");
	}
	if (!t_relay()) { sl_reply_error(); }
	exit;
}

route[CALL_START] {
	if ($sht(calls=>$ci::start) != $null) { return; }
	$sht(calls=>$ci::start) = $TV(Sn) + ";" + $fU + ";" + $var(rec_dialled) + ";" + $var(rec_dir) + ";" + $var(rec_tenant);
	$sht(calls=>$ci::tag) = $ft;
	# A tenant that records its calls (pbx "rec:<tenant>"): rtpengine records from the answer on (onreply_route).
	$var(call_tenant) = $var(rec_tenant);
	if ($var(call_tenant) == "") { $var(call_tenant) = $sht(pbx=>ext:$fU); }
	if ($var(call_tenant) != $null && $sht(pbx=>rec:$var(call_tenant)) == "1") { $sht(calls=>$ci::rec) = 1; }
}

# The media gateway, by what each side's SDP speaks. WebRTC media is UDP/TLS/RTP/SAVPF: DTLS-SRTP keys, ICE and
# rtcp-mux, what browsers (SIP over WebSocket) and WebRTC-grade phones offer; desk phones and trunks offer plain RTP/AVP.
# A browser is known to take WebRTC media, and so is a phone whose answer to OPTIONS offered it (route[PROBE_MEDIA]);
# any other phone is first offered plain RTP, and one that refuses it (488, as a DTLS-SRTP-only phone does) is offered
# WebRTC media on a second attempt (transaction flag 5, failure_route).
# Browser to browser and plain to plain keep their media end to end; plain to WebRTC goes through rtpengine, which
# converts the offer here and the answer in onreply_route (branch flag 1: the offer became plain, 2: it became WebRTC);
# a WebRTC phone to a browser, or one WebRTC end to another through the retry, goes through rtpengine with SAVPF on
# both legs (branch flag 3), rtpengine being the one address both can reach when either is behind NAT.
branch_route[MEDIA] {
#!ifdef WITH_RTPENGINE
	if (!has_body("application/sdp")) { return; }
	$var(to_ws) = 0;
	if ($du =~ "transport=ws" || ($du == $null && $ru =~ "transport=ws")) { $var(to_ws) = 1; }
	$var(offers_webrtc) = 0;
	if ($rb =~ "UDP/TLS/RTP/SAVPF") { $var(offers_webrtc) = 1; }
	$var(takes_webrtc) = 0;
	$var(contact) = $(ru{uri.user}) + "@" + $(ru{uri.host}) + ":" + $(ru{uri.port});
	if ($var(to_ws) == 1 || isflagset(5) || $sht(media=>$var(contact)) == "webrtc") { $var(takes_webrtc) = 1; }
	if ($var(offers_webrtc) == 1 && $var(takes_webrtc) == 0) {
		setbflag(1);
		rtpengine_offer("trust-address replace-origin replace-session-connection ICE=remove DTLS=off SDES-off rtcp-mux-demux RTP/AVP");
	} else if ($var(offers_webrtc) == 0 && $var(takes_webrtc) == 1) {
		setbflag(2);
		rtpengine_offer("trust-address replace-origin replace-session-connection ICE=force DTLS=passive SDES-off rtcp-mux-offer generate-mid UDP/TLS/RTP/SAVPF");
	} else if ($var(offers_webrtc) == 1 && !($proto =~ "^ws" && $var(to_ws) == 1)) {
		setbflag(3);
		rtpengine_offer("trust-address replace-origin replace-session-connection ICE=force DTLS=passive SDES-off rtcp-mux-require generate-mid UDP/TLS/RTP/SAVPF");
	}
#!endif
	return;
}

route[MEDIA_END] {
#!ifdef WITH_RTPENGINE
	rtpengine_delete();
#!endif
	return;
}

onreply_route[REPLY] {
	if ($rm == "INVITE" && $rs == 200 && $sht(calls=>$ci::start) != $null && $sht(calls=>$ci::answer) == $null) {
		$sht(calls=>$ci::answer) = $TV(Sn) + ";" + $(ct{nameaddr.uri}{uri.user});
	}
	if (nat_uac_test("65")) { add_contact_alias(); }
#!ifdef WITH_RTPENGINE
	if (has_body("application/sdp")) {
		# The call of a tenant that records calls is recorded from its answer (its 200), not from the API server's next
		# round of the call records (pbx-recording.ts), which would miss its first seconds.
		$var(record) = "";
		if ($rs == 200 && $sht(calls=>$ci::rec) == 1) { $var(record) = " record-call=on"; }
		if (isbflagset(1) || isbflagset(3)) {
			rtpengine_answer("trust-address replace-origin replace-session-connection ICE=force SDES-off rtcp-mux-require UDP/TLS/RTP/SAVPF$var(record)");
		} else if (isbflagset(2)) {
			rtpengine_answer("trust-address replace-origin replace-session-connection ICE=remove DTLS=off SDES-off rtcp-mux-demux RTP/AVP$var(record)");
		}
	}
#!endif
}

failure_route[FAILED] {
	if (t_is_canceled()) {
		route(MEDIA_END);
		route(CALL_FAILED);
		exit;
	}
	# Offered plain RTP, a phone that takes only DTLS-SRTP with ICE answers 488: offer it WebRTC media, once, at the
	# contacts registered for the number dialled (looked up again: a failed branch's address, and the NAT-traversal
	# destination with it, is spent). Not towards a carrier (transaction flag 3): a trunk speaks plain RTP.
	if (t_check_status("488") && !isflagset(5) && !isflagset(3) && !($ru =~ "transport=ws")) {
		$ru = $ou;
		if (lookup("location")) {
			# No rtpengine_delete(): a deleted call lingers in rtpengine, and a new offer under the same Call-ID would
			# meet its old DTLS state. The new offer updates the call instead.
			setflag(5);
			t_on_branch("MEDIA");
			t_on_reply("REPLY");
			t_on_failure("FAILED");
			t_relay();
			exit;
		}
	}
	# The carrier challenged: answer once with the tenant's credentials (the media offer is converted again).
	if (isflagset(3) && !isflagset(4) && t_check_status("401|407") && $avp(trunk_user) != $null) {
		setflag(4);
		if (t_check_status("407")) {
			$avp(trunk_realm) = $(T_rpl($hdr(Proxy-Authenticate)){re.subst,/.*realm="([^"]*)".*/\1/});
		} else {
			$avp(trunk_realm) = $(T_rpl($hdr(WWW-Authenticate)){re.subst,/.*realm="([^"]*)".*/\1/});
		}
		route(MEDIA_END);
		if (uac_auth()) {
			t_on_branch("MEDIA");
			t_on_failure("FAILED");
			t_relay();
			exit;
		}
	}
	route(MEDIA_END);
	# The carrier's challenge is not the caller's to answer (its credentials are ours): say the trunk refused us.
	if (isflagset(3) && t_check_status("401|407")) {
		t_reply("503", "Trunk refused our credentials");
		$var(rec_code) = 503;
	} else {
		$var(rec_code) = $T_reply_code;
	}
	route(CALL_FAILED);
}

route[CALL_FAILED] {
	if ($sht(calls=>$ci::start) == $null || $sht(calls=>$ci::end) != $null) { return; }
	if (t_is_canceled()) { $var(rec_code) = 487; }
	$sht(calls=>$ci::end) = $TV(Sn) + ";" + $var(rec_code);
}

event_route[xhttp:request] {
	# The API server publishes the tenants' trunks here (JSON-RPC htable.sets / htable.delete), with the token.
	if ($hu =~ "^/RPC" && $hdr(X-Pbx-Token) == RPC_TOKEN) {
		jsonrpc_dispatch();
		exit;
	}
	if ($hdr(Upgrade) =~ "websocket" && $hdr(Connection) =~ "Upgrade" && $rm =~ "GET") {
		if (ws_handle_handshake()) { exit; }
	}
	xhttp_reply("404", "Not Found", "text/plain", "not a SIP WebSocket endpoint");
}
