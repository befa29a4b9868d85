package query

// The other system tables DESCRIBE prints, declared as Cassandra 4.1 declares
// them: every table of system_auth (AuthKeyspace: 90 days of gc grace) and
// of system_distributed (SystemDistributedKeyspace: the repair histories
// expire after 30 days under TimeWindowCompactionStrategy). No statement
// fills them: the simulated cluster keeps no roles or repairs. (system.peers
// and system.peers_v2 are system_local.go's: drivers read them, empty.)

// moreSystemDDL are their declarations by keyspace and name: an array of
// strings is static data, where a map literal costs the module its init code.
var moreSystemDDL = [...][3]string{
	{"system_auth", "roles", `CREATE TABLE system_auth.roles (
    role text PRIMARY KEY,
    can_login boolean,
    is_superuser boolean,
    member_of set<text>,
    salted_hash text
) WITH comment = 'role definitions'`},
	{"system_auth", "role_members", `CREATE TABLE system_auth.role_members (
    role text,
    member text,
    PRIMARY KEY (role, member)
) WITH comment = 'role memberships lookup table'`},
	{"system_auth", "role_permissions", `CREATE TABLE system_auth.role_permissions (
    role text,
    resource text,
    permissions set<text>,
    PRIMARY KEY (role, resource)
) WITH comment = 'permissions granted to db roles'`},
	{"system_auth", "resource_role_permissons_index", `CREATE TABLE system_auth.resource_role_permissons_index (
    resource text,
    role text,
    PRIMARY KEY (resource, role)
) WITH comment = 'index of db roles with permissions granted on a resource'`},
	{"system_auth", "network_permissions", `CREATE TABLE system_auth.network_permissions (
    role text PRIMARY KEY,
    dcs frozen<set<text>>
) WITH comment = 'user network permissions'`},
	{"system_distributed", "repair_history", `CREATE TABLE system_distributed.repair_history (
    keyspace_name text,
    columnfamily_name text,
    id timeuuid,
    coordinator inet,
    coordinator_port int,
    exception_message text,
    exception_stacktrace text,
    finished_at timestamp,
    parent_id timeuuid,
    participants set<inet>,
    participants_v2 set<text>,
    range_begin text,
    range_end text,
    started_at timestamp,
    status text,
    PRIMARY KEY ((keyspace_name, columnfamily_name), id)
) WITH comment = 'Repair history'` + repairHistoryParams},
	{"system_distributed", "parent_repair_history", `CREATE TABLE system_distributed.parent_repair_history (
    parent_id timeuuid PRIMARY KEY,
    columnfamily_names set<text>,
    exception_message text,
    exception_stacktrace text,
    finished_at timestamp,
    keyspace_name text,
    options map<text, text>,
    requested_ranges set<text>,
    started_at timestamp,
    successful_ranges set<text>
) WITH comment = 'Repair history'` + repairHistoryParams},
	{"system_distributed", "view_build_status", `CREATE TABLE system_distributed.view_build_status (
    keyspace_name text,
    view_name text,
    host_id uuid,
    status text,
    PRIMARY KEY ((keyspace_name, view_name), host_id)
) WITH comment = 'Materialized View build status'`},
	{"system_distributed", "partition_denylist", `CREATE TABLE system_distributed.partition_denylist (
    ks_name text,
    table_name text,
    key blob,
    PRIMARY KEY ((ks_name, table_name), key)
) WITH comment = 'Partition keys which have been denied access'`},
}

// repairHistoryParams are RepairHistory's and ParentRepairHistory's own
// parameters.
const repairHistoryParams = ` AND default_time_to_live = 2592000 AND compaction = {'class': 'TimeWindowCompactionStrategy', 'compaction_window_unit': 'DAYS', 'compaction_window_size': '1'}`

// moreSystemTable is the declaration of ks.name in moreSystemDDL, or "".
func moreSystemTable(ks, name string) string {
	for _, d := range moreSystemDDL {
		if d[0] == ks && d[1] == name {
			return d[2]
		}
	}
	return ""
}
