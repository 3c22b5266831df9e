#!KAMAILIO
# The test trunk's carrier proxy (server/sip/test-trunk.ts): it challenges every INVITE for digest credentials
# (__USER__ / __PASSWORD__, realm carrier.test) and hands authenticated calls to the carrier's phone (baresip).
debug=2
log_stderror=yes
children=1
auto_aliases=no
listen=udp:__HOST__:__PORT__

mpath="/usr/lib/x86_64-linux-gnu/kamailio/modules/"
loadmodule "tm.so"
loadmodule "sl.so"
loadmodule "pv.so"
loadmodule "maxfwd.so"
loadmodule "textops.so"
loadmodule "siputils.so"
loadmodule "auth.so"
loadmodule "xlog.so"

request_route {
	if (!mf_process_maxfwd_header("10")) { sl_send_reply("483", "Too Many Hops"); exit; }
	if (is_method("CANCEL")) {
		if (t_check_trans()) { t_relay(); }
		exit;
	}
	if (is_method("ACK")) { exit; }
	t_check_trans();
	if (!is_method("INVITE") || has_totag()) { sl_send_reply("403", "Only new calls here"); exit; }
	if (!pv_proxy_authenticate("carrier.test", "__PASSWORD__", "0") || $au != "__USER__") {
		proxy_challenge("carrier.test", "0");
		exit;
	}
	consume_credentials();
	$du = "sip:__PHONE__";
	t_relay();
}
