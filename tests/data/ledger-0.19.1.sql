BEGIN TRANSACTION;
CREATE TABLE "_sqlite_migrations" (
   "id" INTEGER PRIMARY KEY,
   "migration_set" TEXT,
   "name" TEXT,
   "applied_at" TEXT
);
INSERT INTO "_sqlite_migrations" VALUES(1,'bragref','m001_ledger','2026-11-28 21:10:42.436238+00:00');
INSERT INTO "_sqlite_migrations" VALUES(2,'bragref','m002_loans','2026-11-28 21:10:42.442510+00:00');
INSERT INTO "_sqlite_migrations" VALUES(3,'bragref','m003_table_money','2026-11-28 21:10:42.450241+00:00');
INSERT INTO "_sqlite_migrations" VALUES(4,'bragref','m004_chain_and_append_only','2026-11-28 21:10:42.452020+00:00');
INSERT INTO "_sqlite_migrations" VALUES(5,'bragref','m005_views','2026-11-28 21:10:42.490794+00:00');
INSERT INTO "_sqlite_migrations" VALUES(6,'bragref','m006_calls_and_raises_in_the_pot','2026-11-28 21:10:42.501885+00:00');
INSERT INTO "_sqlite_migrations" VALUES(7,'bragref','m007_actions_say_their_arguments','2026-11-28 21:10:42.512993+00:00');
INSERT INTO "_sqlite_migrations" VALUES(8,'bragref','m008_totals_from_indexes','2026-11-28 21:10:42.513703+00:00');
INSERT INTO "_sqlite_migrations" VALUES(9,'bragref','m009_deals_say_what_they_turned_up','2026-11-28 21:10:42.518901+00:00');
INSERT INTO "_sqlite_migrations" VALUES(10,'bragref','m010_actions_record_the_hand_after_them','2026-11-28 21:10:42.519760+00:00');
INSERT INTO "_sqlite_migrations" VALUES(11,'bragref','m011_payments','2026-11-28 21:10:42.520974+00:00');
CREATE TABLE actions (
            id INTEGER PRIMARY KEY,
            hand_id INTEGER NOT NULL REFERENCES hands(id),
            at TEXT NOT NULL,
            verb TEXT NOT NULL,
            player TEXT,
            amount INTEGER,
            blind INTEGER,
            detail TEXT,
            voids INTEGER REFERENCES actions(id),
            reason TEXT
        , args TEXT, state TEXT);
INSERT INTO "actions" VALUES(1,1,'2026-11-28T21:10:43.412904+00:00','bet','Bill',50,NULL,NULL,NULL,NULL,'{"amount":50,"blind":false}','f9ed39376173b101a2599e756e31751cc5bb6983bdbf97808c7db837fa8be6ae');
INSERT INTO "actions" VALUES(2,1,'2026-11-28T21:10:43.702611+00:00','fold','Chris',NULL,NULL,NULL,NULL,NULL,'{}','b5dd540f4edcc5e44aed2b57f6c002724925fbebd9be0a51173de098d6357698');
INSERT INTO "actions" VALUES(3,1,'2026-11-28T21:10:43.959740+00:00','fold','Andy',NULL,NULL,NULL,NULL,NULL,'{}','e64892b33fc154fa25f55d2602aef029b91a6bada4fec1cfbe839649bf295d79');
INSERT INTO "actions" VALUES(4,2,'2026-11-28T21:10:45.401359+00:00','fold','Bill',NULL,NULL,NULL,NULL,NULL,'{}','d3b7c54faf24e7c759fc885095b89404af202e515bb7531a34442ef1a6c11417');
INSERT INTO "actions" VALUES(5,2,'2026-11-28T21:10:45.728374+00:00','bet','Chris',20,NULL,NULL,NULL,NULL,'{"amount":20,"blind":false}','d4ba7e786dd57b405e32abd6473c9818953d66a0da1db53c4c65c337970bac36');
INSERT INTO "actions" VALUES(6,2,'2026-11-28T21:10:46.033174+00:00','fold','Andy',NULL,NULL,NULL,NULL,NULL,'{}','09bf42dd3532c3435cd6d1edad15c92850ad52a1a92c28bdfde160cb4c2476b8');
CREATE TABLE chain (seq INTEGER PRIMARY KEY, tbl TEXT NOT NULL, row_id INTEGER NOT NULL, hash TEXT NOT NULL);
INSERT INTO "chain" VALUES(1,'sessions',1,'15dfeaae6972f598eeeb78cb517d52ad1890102528f6f0d5b489719bc8a7f450');
INSERT INTO "chain" VALUES(2,'session_events',1,'65c204b0b0bb783b631af8b6743971477c08f231f21a9cf165485cb7f91b5cd1');
INSERT INTO "chain" VALUES(3,'session_events',2,'c536f3eafcccf2f054ea0ad7c24e273117222af8e1d68e6f9dee6a0a22be8a85');
INSERT INTO "chain" VALUES(4,'session_events',3,'664922e8b2faa66b89fc2c4728160db3f1d891824e34f50b037d8a8e95f2c749');
INSERT INTO "chain" VALUES(5,'session_events',4,'a26c0b825827f79ac6bfac02818763963e2cd46a033b4d4c75398a32c71b46e4');
INSERT INTO "chain" VALUES(6,'hands',1,'189fa0382a1a2c224dc0bfad3f3227f4230b993792164a42610ef7943d69735f');
INSERT INTO "chain" VALUES(7,'actions',1,'070205aeb2abe709fe4ff2feb5a040664a6fcd2223340c22897bf2a3d22517f0');
INSERT INTO "chain" VALUES(8,'actions',2,'3274089875af08e687398e1ff35fc133dfabc70f93e5213ded6479683464abe4');
INSERT INTO "chain" VALUES(9,'actions',3,'70fa33bd8f11a93cccb3b7125b3cc8119e4eb9f1093149993b8767053fe6d791');
INSERT INTO "chain" VALUES(10,'postings',1,'5a9230613309f5cc41a9ecae19cf9c1e97489a158539406bfd8d5463a00edb8c');
INSERT INTO "chain" VALUES(11,'postings',2,'986c65f81c151b0d50220883af61e1e3ecca2fbf8f71de80ce2e8ff8bbc9f3f3');
INSERT INTO "chain" VALUES(12,'postings',3,'02f0d69522ab3e8c2e65352d5cee167cbd55faaf1d3ea1a569e28c5fabba3792');
INSERT INTO "chain" VALUES(13,'postings',4,'61cb001d1b96462e257b764a5f094265668257dc17ec5f561be7d9724883262c');
INSERT INTO "chain" VALUES(14,'sessions',2,'070c0be4a101b88282cfe41b0ec0d4fb037524b8571a2d74550e01bee9a2e74f');
INSERT INTO "chain" VALUES(15,'session_events',5,'7023af0330599e4dcce1b904550ea97b50dca744b91fb87db4299fe10ea0e82f');
INSERT INTO "chain" VALUES(16,'session_events',6,'ae54a2cd20fcb69a2f467b1f21b6b5bb912a8dd750e168f81771c69ef4df0d0c');
INSERT INTO "chain" VALUES(17,'session_events',7,'8ed3193b467b95b144e8524c7049c86232e6eaef2b33c825a73c20bf33b4cd3d');
INSERT INTO "chain" VALUES(18,'session_events',8,'37dea87ee40f33db147d2bb5d74e104025fab0cdc0cf499e4e40a90619af9b76');
INSERT INTO "chain" VALUES(19,'hands',2,'c4de3e3536b0d3c688917c01c3d97cbc7f06bd4da8996292dd228a2bc6cc1418');
INSERT INTO "chain" VALUES(20,'actions',4,'8e4d16af703472bdc9f1b53ab4000644aca99019a7761e668e9e693dc2f909b4');
INSERT INTO "chain" VALUES(21,'actions',5,'7b944a3497c7ab58459e28c1cb86b3b7ed068ec5df14ebfc810f34520293eb8c');
INSERT INTO "chain" VALUES(22,'actions',6,'f4f38d764220222c4ce89611f9a782d705256ab63e28ff7e3f49fbbaa843cd39');
INSERT INTO "chain" VALUES(23,'postings',5,'a8569fe4d29742c6041c529ad428da0f7344f0f283abeea954cc2e10c3a969a4');
INSERT INTO "chain" VALUES(24,'postings',6,'bdf87c6cac7a8f4995d4722320ae19350a7f7825153bc9eb679a5e2976e3652e');
INSERT INTO "chain" VALUES(25,'postings',7,'dcee61abe033773f1dd7ccec0025f9528ff10cb209af866550e8019f01cf2085');
INSERT INTO "chain" VALUES(26,'postings',8,'95b27d03b30005626db2e76bd89451ea16c004bb76b16a35e8d5cf4ec8995285');
INSERT INTO "chain" VALUES(27,'payments',1,'af4834803c9e3fd5a9cb2328f4677ad93ec37ace0a41c3cc26761ddba0116226');
INSERT INTO "chain" VALUES(28,'payments',2,'181faabd29eb2836a8ac69607d7c2e858c18c98b21cc27f3102a7acf0fae37f5');
INSERT INTO "chain" VALUES(29,'payments',3,'3ce12a9de21da755de4a803e9a1a998271e99fc28aa56043e91e2e25a342d18d');
CREATE TABLE hands (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            number INTEGER NOT NULL,
            dealt_at TEXT NOT NULL,
            dealer TEXT NOT NULL,
            seats TEXT NOT NULL,
            rules TEXT NOT NULL,
            carried_in INTEGER NOT NULL,
            retained_by TEXT, purses TEXT, dealt TEXT,
            UNIQUE (session_id, number)
        );
INSERT INTO "hands" VALUES(1,1,1,'2026-11-28T21:10:43.054861+00:00','Andy','["Andy", "Bill", "Chris"]','{"a23": "high", "ante": 10, "blind": true, "cards": 3, "currency": "\u00a3", "game": "brag", "max_bet": null, "min_bet": null, "natural_pair": "beats", "pot_limit": false, "preset": "pagat", "raise_limit": null, "retained_blind": "keep", "see_cost": "double", "short_money": "cover", "stakes": "pocket", "threes_high": true, "ties": "split", "unit": "0.01", "wild": "none"}',0,NULL,NULL,NULL);
INSERT INTO "hands" VALUES(2,2,1,'2026-11-28T21:10:45.063966+00:00','Andy','["Andy", "Bill", "Chris"]','{"a23": "high", "ante": 10, "blind": true, "cards": 3, "currency": "\u00a3", "game": "brag", "max_bet": null, "min_bet": null, "natural_pair": "beats", "pot_limit": false, "preset": "pagat", "raise_limit": null, "retained_blind": "keep", "see_cost": "double", "short_money": "cover", "stakes": "pocket", "threes_high": true, "ties": "split", "unit": "0.01", "wild": "none"}',0,NULL,NULL,NULL);
CREATE TABLE loans (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            at TEXT NOT NULL,
            kind TEXT NOT NULL,
            lender TEXT NOT NULL,
            borrower TEXT NOT NULL,
            amount INTEGER NOT NULL,
            bystander INTEGER NOT NULL
        );
CREATE TABLE payments (
            id INTEGER PRIMARY KEY,
            at TEXT NOT NULL,
            payer TEXT NOT NULL,
            payee TEXT NOT NULL,
            amount INTEGER NOT NULL,
            note TEXT,
            voids INTEGER REFERENCES payments(id),
            reason TEXT
        );
INSERT INTO "payments" VALUES(1,'2026-11-28T21:10:46.918907+00:00','Andy','Chris',5,'on account',NULL,NULL);
INSERT INTO "payments" VALUES(2,'2026-11-28T21:10:47.291268+00:00','Andy','Bill',10,NULL,NULL,NULL);
INSERT INTO "payments" VALUES(3,'2026-11-28T21:10:47.661577+00:00','Andy','Bill',10,NULL,2,NULL);
CREATE TABLE postings (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            hand_id INTEGER NOT NULL REFERENCES hands(id),
            action_id INTEGER NOT NULL REFERENCES actions(id),
            player TEXT,
            kind TEXT NOT NULL,
            amount INTEGER NOT NULL
        );
INSERT INTO "postings" VALUES(1,1,1,3,'Bill','stake',-60);
INSERT INTO "postings" VALUES(2,1,1,3,'Chris','stake',-10);
INSERT INTO "postings" VALUES(3,1,1,3,'Andy','stake',-10);
INSERT INTO "postings" VALUES(4,1,1,3,'Bill','win',80);
INSERT INTO "postings" VALUES(5,2,2,6,'Bill','stake',-10);
INSERT INTO "postings" VALUES(6,2,2,6,'Chris','stake',-30);
INSERT INTO "postings" VALUES(7,2,2,6,'Andy','stake',-10);
INSERT INTO "postings" VALUES(8,2,2,6,'Chris','win',50);
CREATE TABLE purses (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            at TEXT NOT NULL,
            hand_id INTEGER REFERENCES hands(id),
            kind TEXT NOT NULL,
            player TEXT NOT NULL,
            amount INTEGER NOT NULL,
            after_action INTEGER NOT NULL  -- a loan mid-hand comes after this action, before any later one
        );
CREATE TABLE session_events (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            at TEXT NOT NULL,
            event TEXT NOT NULL,
            player TEXT,
            detail TEXT
        );
INSERT INTO "session_events" VALUES(1,1,'2026-11-28T21:10:42.539077+00:00','seat','Andy',NULL);
INSERT INTO "session_events" VALUES(2,1,'2026-11-28T21:10:42.539077+00:00','seat','Bill',NULL);
INSERT INTO "session_events" VALUES(3,1,'2026-11-28T21:10:42.539077+00:00','seat','Chris',NULL);
INSERT INTO "session_events" VALUES(4,1,'2026-11-28T21:10:42.539452+00:00','use',NULL,NULL);
INSERT INTO "session_events" VALUES(5,2,'2026-11-28T21:10:44.545947+00:00','seat','Andy',NULL);
INSERT INTO "session_events" VALUES(6,2,'2026-11-28T21:10:44.545947+00:00','seat','Bill',NULL);
INSERT INTO "session_events" VALUES(7,2,'2026-11-28T21:10:44.545947+00:00','seat','Chris',NULL);
INSERT INTO "session_events" VALUES(8,2,'2026-11-28T21:10:44.546446+00:00','use',NULL,NULL);
CREATE TABLE sessions (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE,
            created_at TEXT NOT NULL,
            rules TEXT NOT NULL
        );
INSERT INTO "sessions" VALUES(1,'friday','2026-11-28T21:10:42.539077+00:00','{"a23": "high", "ante": 10, "blind": true, "cards": 3, "currency": "\u00a3", "game": "brag", "max_bet": null, "min_bet": null, "natural_pair": "beats", "pot_limit": false, "preset": "pagat", "raise_limit": null, "retained_blind": "keep", "see_cost": "double", "short_money": "cover", "stakes": "pocket", "threes_high": true, "ties": "split", "unit": "0.01", "wild": "none"}');
INSERT INTO "sessions" VALUES(2,'saturday','2026-11-28T21:10:44.545947+00:00','{"a23": "high", "ante": 10, "blind": true, "cards": 3, "currency": "\u00a3", "game": "brag", "max_bet": null, "min_bet": null, "natural_pair": "beats", "pot_limit": false, "preset": "pagat", "raise_limit": null, "retained_blind": "keep", "see_cost": "double", "short_money": "cover", "stakes": "pocket", "threes_high": true, "ties": "split", "unit": "0.01", "wild": "none"}');
CREATE UNIQUE INDEX "idx__sqlite_migrations_migration_set_name"
    ON "_sqlite_migrations" ("migration_set", "name");
CREATE INDEX session_events_session ON session_events(session_id, event);
CREATE INDEX actions_hand ON actions(hand_id);
CREATE INDEX postings_session ON postings(session_id, player);
CREATE INDEX postings_action ON postings(action_id);
CREATE INDEX loans_session ON loans(session_id);
CREATE INDEX purses_session ON purses(session_id, player);
CREATE INDEX purses_hand ON purses(hand_id);
CREATE INDEX chain_row ON chain(tbl, row_id);
CREATE INDEX postings_hand ON postings(hand_id);
CREATE TRIGGER sessions_no_update BEFORE UPDATE ON sessions BEGIN SELECT RAISE(ABORT, 'the bragref ledger is append-only: sessions rows are never changed or deleted (R9.1); correct with a void'); END;
CREATE TRIGGER sessions_no_delete BEFORE DELETE ON sessions BEGIN SELECT RAISE(ABORT, 'the bragref ledger is append-only: sessions rows are never changed or deleted (R9.1); correct with a void'); END;
CREATE TRIGGER session_events_no_update BEFORE UPDATE ON session_events BEGIN SELECT RAISE(ABORT, 'the bragref ledger is append-only: session_events rows are never changed or deleted (R9.1); correct with a void'); END;
CREATE TRIGGER session_events_no_delete BEFORE DELETE ON session_events BEGIN SELECT RAISE(ABORT, 'the bragref ledger is append-only: session_events rows are never changed or deleted (R9.1); correct with a void'); END;
CREATE TRIGGER hands_no_update BEFORE UPDATE ON hands BEGIN SELECT RAISE(ABORT, 'the bragref ledger is append-only: hands rows are never changed or deleted (R9.1); correct with a void'); END;
CREATE TRIGGER hands_no_delete BEFORE DELETE ON hands BEGIN SELECT RAISE(ABORT, 'the bragref ledger is append-only: hands rows are never changed or deleted (R9.1); correct with a void'); END;
CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions BEGIN SELECT RAISE(ABORT, 'the bragref ledger is append-only: actions rows are never changed or deleted (R9.1); correct with a void'); END;
CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions BEGIN SELECT RAISE(ABORT, 'the bragref ledger is append-only: actions rows are never changed or deleted (R9.1); correct with a void'); END;
CREATE TRIGGER postings_no_update BEFORE UPDATE ON postings BEGIN SELECT RAISE(ABORT, 'the bragref ledger is append-only: postings rows are never changed or deleted (R9.1); correct with a void'); END;
CREATE TRIGGER postings_no_delete BEFORE DELETE ON postings BEGIN SELECT RAISE(ABORT, 'the bragref ledger is append-only: postings rows are never changed or deleted (R9.1); correct with a void'); END;
CREATE TRIGGER loans_no_update BEFORE UPDATE ON loans BEGIN SELECT RAISE(ABORT, 'the bragref ledger is append-only: loans rows are never changed or deleted (R9.1); correct with a void'); END;
CREATE TRIGGER loans_no_delete BEFORE DELETE ON loans BEGIN SELECT RAISE(ABORT, 'the bragref ledger is append-only: loans rows are never changed or deleted (R9.1); correct with a void'); END;
CREATE TRIGGER purses_no_update BEFORE UPDATE ON purses BEGIN SELECT RAISE(ABORT, 'the bragref ledger is append-only: purses rows are never changed or deleted (R9.1); correct with a void'); END;
CREATE TRIGGER purses_no_delete BEFORE DELETE ON purses BEGIN SELECT RAISE(ABORT, 'the bragref ledger is append-only: purses rows are never changed or deleted (R9.1); correct with a void'); END;
CREATE TRIGGER chain_no_update BEFORE UPDATE ON chain BEGIN SELECT RAISE(ABORT, 'the bragref ledger is append-only: chain rows are never changed or deleted (R9.1); correct with a void'); END;
CREATE TRIGGER chain_no_delete BEFORE DELETE ON chain BEGIN SELECT RAISE(ABORT, 'the bragref ledger is append-only: chain rows are never changed or deleted (R9.1); correct with a void'); END;
CREATE VIEW hands_played AS
        SELECT s.name AS session, h.number AS hand, h.dealer, h.dealt_at,
               json_array_length(h.seats) AS players, h.carried_in,
               (SELECT COUNT(*) FROM actions a WHERE a.hand_id = h.id) AS actions,
               (SELECT group_concat(player, ', ') FROM (
                   SELECT p.player FROM postings p WHERE p.hand_id = h.id AND p.kind = 'win'
                   GROUP BY p.player HAVING SUM(p.amount) > 0 ORDER BY MIN(p.id))) AS winners,
               (SELECT COALESCE(SUM(p.amount), 0) FROM postings p WHERE p.hand_id = h.id AND p.kind = 'win') AS won,
               (SELECT COALESCE(SUM(p.amount), 0) FROM postings p WHERE p.hand_id = h.id AND p.kind = 'carry-out')
                   AS carried_out
        FROM hands h JOIN sessions s ON s.id = h.session_id;
CREATE VIEW balances AS
        WITH money (session_id, player, paid, won, loans, net) AS (
            SELECT session_id, player, CASE kind WHEN 'stake' THEN -amount ELSE 0 END,
                   CASE kind WHEN 'win' THEN amount ELSE 0 END, 0, amount
            FROM postings WHERE player IS NOT NULL
            UNION ALL
            SELECT session_id, lender, 0, 0, CASE kind WHEN 'lend' THEN amount ELSE -amount END,
                   CASE kind WHEN 'lend' THEN amount ELSE -amount END FROM loans
            UNION ALL
            SELECT session_id, borrower, 0, 0, CASE kind WHEN 'lend' THEN -amount ELSE amount END,
                   CASE kind WHEN 'lend' THEN -amount ELSE amount END FROM loans
        )
        SELECT s.name AS session, m.player, SUM(m.paid) AS paid, SUM(m.won) AS won, SUM(m.loans) AS loans,
               SUM(m.net) AS net
        FROM money m JOIN sessions s ON s.id = m.session_id GROUP BY s.id, m.player;
CREATE VIEW actions_with_pot AS
        SELECT s.name AS session, h.number AS hand, a.id AS action_id, a.at, a.player, a.verb AS action, a.args,
               a.amount, CASE a.blind WHEN 1 THEN 'blind' WHEN 0 THEN 'open' END AS played, a.detail,
               v.id IS NOT NULL AS voided, COALESCE(a.reason, v.reason) AS reason,
               h.carried_in + json_extract(h.rules, '$.ante') * json_array_length(h.seats)
               + SUM(CASE WHEN v.id IS NOT NULL OR a.verb = 'void' THEN 0
                          WHEN a.args IS NULL AND a.verb = 'raise' THEN CAST(a.detail AS INTEGER)
                          ELSE COALESCE(a.amount, 0) END)
                 OVER (PARTITION BY a.hand_id ORDER BY a.id) AS pot_after
        FROM actions a JOIN hands h ON h.id = a.hand_id JOIN sessions s ON s.id = h.session_id
        LEFT JOIN actions v ON v.voids = a.id;
CREATE INDEX postings_totals ON postings(session_id, player, kind, amount);
CREATE INDEX loans_totals ON loans(session_id, kind, lender, borrower, amount);
CREATE TRIGGER payments_no_update BEFORE UPDATE ON payments BEGIN SELECT RAISE(ABORT, 'the bragref ledger is append-only: payments rows are never changed or deleted (R9.1); correct with a void'); END;
CREATE TRIGGER payments_no_delete BEFORE DELETE ON payments BEGIN SELECT RAISE(ABORT, 'the bragref ledger is append-only: payments rows are never changed or deleted (R9.1); correct with a void'); END;
COMMIT;
