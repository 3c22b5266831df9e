#!KAMAILIO
# SIP over WebSocket for the PBX softphone (/apps/pbxcalls). Rendered by sip/kamailio.ts:
# __HOST__, __PORT__, __DOMAIN__ and __SECRET__ are replaced; the secret is shared with the API server,
# which issues each user time-limited credentials (auth_ephemeral: user "<expiry>:<extension>",
# password base64(HMAC-SHA1(secret, user))). Nothing is stored here: no database, no fixed accounts.

debug=2
log_stderror=yes
memdbg=5
memlog=5
children=2
tcp_children=2
auto_aliases=no
listen=tcp:__HOST__:__PORT__
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
loadmodule "xlog.so"
loadmodule "sanity.so"
loadmodule "usrloc.so"
loadmodule "registrar.so"
loadmodule "nathelper.so"
loadmodule "xhttp.so"
loadmodule "websocket.so"
loadmodule "auth.so"
loadmodule "auth_ephemeral.so"

modparam("usrloc", "db_mode", 0)
modparam("registrar", "max_expires", 600)
modparam("registrar", "min_expires", 30)
modparam("registrar", "max_contacts", 5)
# Without this the stored contact keeps sip.js's "*.invalid" host and lookup() cannot reach the WebSocket.
modparam("registrar", "received_avp", "$avp(RECEIVED)")
modparam("nathelper", "received_avp", "$avp(RECEIVED)")
modparam("auth_ephemeral", "secret", "__SECRET__")
# "<expiry>:<extension>": the expiry is a Unix time, checked by autheph_check.
modparam("auth_ephemeral", "username_format", 1)
modparam("websocket", "keepalive_mechanism", 1)
modparam("websocket", "keepalive_interval", 5)
modparam("websocket", "keepalive_timeout", 10)

request_route {
	if (!mf_process_maxfwd_header("10")) { sl_send_reply("483", "Too Many Hops"); exit; }
	if (!sanity_check("1511", "7")) { exit; }
	if (is_method("OPTIONS") && uri==myself && $rU==$null) { sl_send_reply("200", "Keepalive"); exit; }

	# sip.js sits behind a WebSocket and uses "*.invalid" contacts: reach it back over its connection.
	if (nat_uac_test("64")) {
		force_rport();
		if (is_method("REGISTER")) {
			fix_nated_register();
		} else {
			add_contact_alias();
		}
	}

	if (is_method("CANCEL")) {
		if (t_check_trans()) { t_relay(); }
		exit;
	}

	if (has_totag()) {
		if (loose_route()) {
			handle_ruri_alias();
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
	route(AUTH);

	if (is_method("REGISTER")) {
		# save() answers the REGISTER itself, also when it fails (a second reply would be a stray "500").
		save("location");
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

route[RELAY] {
	if (is_method("INVITE|BYE|UPDATE|CANCEL|ACK")) { t_on_reply("REPLY"); }
	if (!t_relay()) { sl_reply_error(); }
	exit;
}

onreply_route[REPLY] {
	if (nat_uac_test("64")) { add_contact_alias(); }
}

event_route[xhttp:request] {
	if ($hdr(Upgrade) =~ "websocket" && $hdr(Connection) =~ "Upgrade" && $rm =~ "GET") {
		if (ws_handle_handshake()) { exit; }
	}
	xhttp_reply("404", "Not Found", "text/plain", "not a SIP WebSocket endpoint");
}
