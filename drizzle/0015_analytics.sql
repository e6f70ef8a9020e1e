-- Analytics: purchase days per account and subject (orders, and each SKU), their totals per day, gaps and
-- cohorts, kept by the recount of every account whose orders change; and each account's ordering rhythm.
-- Order lines are written by triggers, and for the orders already stored here; the existing orders are
-- counted in when a database first opens after this (ensurePurchaseDays).
CREATE TABLE `business_zone_offsets` (
	`starts_at` integer PRIMARY KEY NOT NULL,
	`offset_ms` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `cohort_activity` (
	`first_month` integer NOT NULL,
	`month` integer NOT NULL,
	`customers` integer NOT NULL,
	PRIMARY KEY(`first_month`, `month`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `order_lines` (
	`order_id` integer NOT NULL,
	`line` integer NOT NULL,
	`sku` text NOT NULL,
	`quantity` integer NOT NULL,
	`revenue_cents` integer NOT NULL,
	PRIMARY KEY(`order_id`, `line`),
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `product_names` (
	`sku` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `purchase_day_totals` (
	`subject` text NOT NULL,
	`day` integer NOT NULL,
	`rows` integer NOT NULL,
	`quantity` integer NOT NULL,
	`revenue_cents` integer NOT NULL,
	`first_rows` integer NOT NULL,
	`last_rows` integer NOT NULL,
	`month_first_rows` integer NOT NULL,
	`first_month_revenue_cents` integer NOT NULL,
	PRIMARY KEY(`subject`, `day`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `purchase_days` (
	`account_id` integer NOT NULL,
	`subject` text NOT NULL,
	`day` integer NOT NULL,
	`month` integer NOT NULL,
	`quantity` integer NOT NULL,
	`revenue_cents` integer NOT NULL,
	`prev_day` integer,
	`next_day` integer,
	`gap` integer,
	`first_month` integer NOT NULL,
	`month_first` integer NOT NULL,
	PRIMARY KEY(`account_id`, `subject`, `day`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `purchase_days_subject_day_idx` ON `purchase_days` (`subject`,`day`,`prev_day`);--> statement-breakpoint
CREATE INDEX `purchase_days_subject_gap_idx` ON `purchase_days` (`subject`,`gap`,`prev_day`,`day`);--> statement-breakpoint
CREATE TABLE `purchase_gap_counts` (
	`subject` text NOT NULL,
	`gap` integer NOT NULL,
	`rows` integer NOT NULL,
	PRIMARY KEY(`subject`, `gap`)
) WITHOUT ROWID;
--> statement-breakpoint
ALTER TABLE `accounts` ADD `rhythm_gap_days` real;--> statement-breakpoint
ALTER TABLE `accounts` ADD `rhythm_last_day` integer;--> statement-breakpoint
ALTER TABLE `accounts` ADD `rhythm_expected_day` integer;--> statement-breakpoint
ALTER TABLE `accounts` ADD `rhythm_due_day` integer;--> statement-breakpoint
ALTER TABLE `accounts` ADD `rhythm_at_risk_day` integer;--> statement-breakpoint
ALTER TABLE `accounts` ADD `rhythm_lapsed_day` integer;--> statement-breakpoint
CREATE INDEX `accounts_rhythm_at_risk_idx` ON `accounts` (`rhythm_at_risk_day`,`rhythm_due_day`,`rhythm_expected_day`,`rhythm_last_day`,`rhythm_gap_days`,`order_count`,`total_order_cents`);--> statement-breakpoint
CREATE INDEX `accounts_rhythm_lapsed_idx` ON `accounts` (`rhythm_lapsed_day`,`rhythm_at_risk_day`,`rhythm_expected_day`,`rhythm_last_day`,`rhythm_gap_days`,`order_count`,`total_order_cents`);
--> statement-breakpoint
-- An order's lines follow its raw JSON, whoever writes it; the name a SKU was last written with is its name.
CREATE TRIGGER `order_lines_after_order_insert` AFTER INSERT ON `orders` BEGIN
	INSERT INTO `order_lines` (`order_id`, `line`, `sku`, `quantity`, `revenue_cents`)
	SELECT NEW.id, item.key, trim(item.value ->> 'sku'), coalesce(item.value ->> 'quantity', 1),
		coalesce(item.value ->> 'quantity', 1) * coalesce(item.value ->> 'unitPriceCents', 0)
	FROM json_each(NEW.raw, '$.items') AS item WHERE trim(coalesce(item.value ->> 'sku', '')) <> '';
	INSERT INTO `product_names` (`sku`, `name`)
	SELECT trim(item.value ->> 'sku'), trim(item.value ->> 'name') FROM json_each(NEW.raw, '$.items') AS item
	WHERE trim(coalesce(item.value ->> 'sku', '')) <> '' AND trim(coalesce(item.value ->> 'name', '')) <> ''
	ON CONFLICT (`sku`) DO UPDATE SET `name` = excluded.`name` WHERE `name` <> excluded.`name`;
END;
--> statement-breakpoint
CREATE TRIGGER `order_lines_after_order_update` AFTER UPDATE OF `raw` ON `orders` BEGIN
	DELETE FROM `order_lines` WHERE `order_id` = NEW.id;
	INSERT INTO `order_lines` (`order_id`, `line`, `sku`, `quantity`, `revenue_cents`)
	SELECT NEW.id, item.key, trim(item.value ->> 'sku'), coalesce(item.value ->> 'quantity', 1),
		coalesce(item.value ->> 'quantity', 1) * coalesce(item.value ->> 'unitPriceCents', 0)
	FROM json_each(NEW.raw, '$.items') AS item WHERE trim(coalesce(item.value ->> 'sku', '')) <> '';
	INSERT INTO `product_names` (`sku`, `name`)
	SELECT trim(item.value ->> 'sku'), trim(item.value ->> 'name') FROM json_each(NEW.raw, '$.items') AS item
	WHERE trim(coalesce(item.value ->> 'sku', '')) <> '' AND trim(coalesce(item.value ->> 'name', '')) <> ''
	ON CONFLICT (`sku`) DO UPDATE SET `name` = excluded.`name` WHERE `name` <> excluded.`name`;
END;
--> statement-breakpoint
-- The lines of the orders stored before now, as the triggers write them.
INSERT INTO `order_lines` (`order_id`, `line`, `sku`, `quantity`, `revenue_cents`)
SELECT orders.id, item.key, trim(item.value ->> 'sku'), coalesce(item.value ->> 'quantity', 1),
	coalesce(item.value ->> 'quantity', 1) * coalesce(item.value ->> 'unitPriceCents', 0)
FROM `orders`, json_each(orders.raw, '$.items') AS item WHERE trim(coalesce(item.value ->> 'sku', '')) <> '';
--> statement-breakpoint
INSERT INTO `product_names` (`sku`, `name`)
SELECT trim(item.value ->> 'sku'), trim(item.value ->> 'name') FROM `orders`, json_each(orders.raw, '$.items') AS item
WHERE trim(coalesce(item.value ->> 'sku', '')) <> '' AND trim(coalesce(item.value ->> 'name', '')) <> '' ORDER BY orders.placed_at
ON CONFLICT (`sku`) DO UPDATE SET `name` = excluded.`name` WHERE `name` <> excluded.`name`;
--> statement-breakpoint
-- Accounts whose purchase days a batched import left to count once it ends (or the server, or the next start).
CREATE TABLE `purchase_day_queue` (`account_id` integer PRIMARY KEY NOT NULL);
--> statement-breakpoint
-- New York's offsets from UTC for 1970-2100, as the time-zone database gives them: the first row stands for
-- every instant before the first change.
INSERT INTO `business_zone_offsets` (`starts_at`, `offset_ms`) VALUES
(-8640000000000000, -18000000),
(9961200000, -14400000),
(25682400000, -18000000),
(41410800000, -14400000),
(57736800000, -18000000),
(73465200000, -14400000),
(89186400000, -18000000),
(104914800000, -14400000),
(120636000000, -18000000),
(126687600000, -14400000),
(152085600000, -18000000),
(162370800000, -14400000),
(183535200000, -18000000),
(199263600000, -14400000),
(215589600000, -18000000),
(230713200000, -14400000),
(247039200000, -18000000),
(262767600000, -14400000),
(278488800000, -18000000),
(294217200000, -14400000),
(309938400000, -18000000),
(325666800000, -14400000),
(341388000000, -18000000),
(357116400000, -14400000),
(372837600000, -18000000),
(388566000000, -14400000),
(404892000000, -18000000),
(420015600000, -14400000),
(436341600000, -18000000),
(452070000000, -14400000),
(467791200000, -18000000),
(483519600000, -14400000),
(499240800000, -18000000),
(514969200000, -14400000),
(530690400000, -18000000),
(544604400000, -14400000),
(562140000000, -18000000),
(576054000000, -14400000),
(594194400000, -18000000),
(607503600000, -14400000),
(625644000000, -18000000),
(638953200000, -14400000),
(657093600000, -18000000),
(671007600000, -14400000),
(688543200000, -18000000),
(702457200000, -14400000),
(719992800000, -18000000),
(733906800000, -14400000),
(752047200000, -18000000),
(765356400000, -14400000);
--> statement-breakpoint
INSERT INTO `business_zone_offsets` (`starts_at`, `offset_ms`) VALUES
(783496800000, -18000000),
(796806000000, -14400000),
(814946400000, -18000000),
(828860400000, -14400000),
(846396000000, -18000000),
(860310000000, -14400000),
(877845600000, -18000000),
(891759600000, -14400000),
(909295200000, -18000000),
(923209200000, -14400000),
(941349600000, -18000000),
(954658800000, -14400000),
(972799200000, -18000000),
(986108400000, -14400000),
(1004248800000, -18000000),
(1018162800000, -14400000),
(1035698400000, -18000000),
(1049612400000, -14400000),
(1067148000000, -18000000),
(1081062000000, -14400000),
(1099202400000, -18000000),
(1112511600000, -14400000),
(1130652000000, -18000000),
(1143961200000, -14400000),
(1162101600000, -18000000),
(1173596400000, -14400000),
(1194156000000, -18000000),
(1205046000000, -14400000),
(1225605600000, -18000000),
(1236495600000, -14400000),
(1257055200000, -18000000),
(1268550000000, -14400000),
(1289109600000, -18000000),
(1299999600000, -14400000),
(1320559200000, -18000000),
(1331449200000, -14400000),
(1352008800000, -18000000),
(1362898800000, -14400000),
(1383458400000, -18000000),
(1394348400000, -14400000),
(1414908000000, -18000000),
(1425798000000, -14400000),
(1446357600000, -18000000),
(1457852400000, -14400000),
(1478412000000, -18000000),
(1489302000000, -14400000),
(1509861600000, -18000000),
(1520751600000, -14400000),
(1541311200000, -18000000),
(1552201200000, -14400000);
--> statement-breakpoint
INSERT INTO `business_zone_offsets` (`starts_at`, `offset_ms`) VALUES
(1572760800000, -18000000),
(1583650800000, -14400000),
(1604210400000, -18000000),
(1615705200000, -14400000),
(1636264800000, -18000000),
(1647154800000, -14400000),
(1667714400000, -18000000),
(1678604400000, -14400000),
(1699164000000, -18000000),
(1710054000000, -14400000),
(1730613600000, -18000000),
(1741503600000, -14400000),
(1762063200000, -18000000),
(1772953200000, -14400000),
(1793512800000, -18000000),
(1805007600000, -14400000),
(1825567200000, -18000000),
(1836457200000, -14400000),
(1857016800000, -18000000),
(1867906800000, -14400000),
(1888466400000, -18000000),
(1899356400000, -14400000),
(1919916000000, -18000000),
(1930806000000, -14400000),
(1951365600000, -18000000),
(1962860400000, -14400000),
(1983420000000, -18000000),
(1994310000000, -14400000),
(2014869600000, -18000000),
(2025759600000, -14400000),
(2046319200000, -18000000),
(2057209200000, -14400000),
(2077768800000, -18000000),
(2088658800000, -14400000),
(2109218400000, -18000000),
(2120108400000, -14400000),
(2140668000000, -18000000),
(2152162800000, -14400000),
(2172722400000, -18000000),
(2183612400000, -14400000),
(2204172000000, -18000000),
(2215062000000, -14400000),
(2235621600000, -18000000),
(2246511600000, -14400000),
(2267071200000, -18000000),
(2277961200000, -14400000),
(2298520800000, -18000000),
(2309410800000, -14400000),
(2329970400000, -18000000),
(2341465200000, -14400000);
--> statement-breakpoint
INSERT INTO `business_zone_offsets` (`starts_at`, `offset_ms`) VALUES
(2362024800000, -18000000),
(2372914800000, -14400000),
(2393474400000, -18000000),
(2404364400000, -14400000),
(2424924000000, -18000000),
(2435814000000, -14400000),
(2456373600000, -18000000),
(2467263600000, -14400000),
(2487823200000, -18000000),
(2499318000000, -14400000),
(2519877600000, -18000000),
(2530767600000, -14400000),
(2551327200000, -18000000),
(2562217200000, -14400000),
(2582776800000, -18000000),
(2593666800000, -14400000),
(2614226400000, -18000000),
(2625116400000, -14400000),
(2645676000000, -18000000),
(2656566000000, -14400000),
(2677125600000, -18000000),
(2688620400000, -14400000),
(2709180000000, -18000000),
(2720070000000, -14400000),
(2740629600000, -18000000),
(2751519600000, -14400000),
(2772079200000, -18000000),
(2782969200000, -14400000),
(2803528800000, -18000000),
(2814418800000, -14400000),
(2834978400000, -18000000),
(2846473200000, -14400000),
(2867032800000, -18000000),
(2877922800000, -14400000),
(2898482400000, -18000000),
(2909372400000, -14400000),
(2929932000000, -18000000),
(2940822000000, -14400000),
(2961381600000, -18000000),
(2972271600000, -14400000),
(2992831200000, -18000000),
(3003721200000, -14400000),
(3024280800000, -18000000),
(3035775600000, -14400000),
(3056335200000, -18000000),
(3067225200000, -14400000),
(3087784800000, -18000000),
(3098674800000, -14400000),
(3119234400000, -18000000),
(3130124400000, -14400000);
--> statement-breakpoint
INSERT INTO `business_zone_offsets` (`starts_at`, `offset_ms`) VALUES
(3150684000000, -18000000),
(3161574000000, -14400000),
(3182133600000, -18000000),
(3193023600000, -14400000),
(3213583200000, -18000000),
(3225078000000, -14400000),
(3245637600000, -18000000),
(3256527600000, -14400000),
(3277087200000, -18000000),
(3287977200000, -14400000),
(3308536800000, -18000000),
(3319426800000, -14400000),
(3339986400000, -18000000),
(3350876400000, -14400000),
(3371436000000, -18000000),
(3382930800000, -14400000),
(3403490400000, -18000000),
(3414380400000, -14400000),
(3434940000000, -18000000),
(3445830000000, -14400000),
(3466389600000, -18000000),
(3477279600000, -14400000),
(3497839200000, -18000000),
(3508729200000, -14400000),
(3529288800000, -18000000),
(3540178800000, -14400000),
(3560738400000, -18000000),
(3572233200000, -14400000),
(3592792800000, -18000000),
(3603682800000, -14400000),
(3624242400000, -18000000),
(3635132400000, -14400000),
(3655692000000, -18000000),
(3666582000000, -14400000),
(3687141600000, -18000000),
(3698031600000, -14400000),
(3718591200000, -18000000),
(3730086000000, -14400000),
(3750645600000, -18000000),
(3761535600000, -14400000),
(3782095200000, -18000000),
(3792985200000, -14400000),
(3813544800000, -18000000),
(3824434800000, -14400000),
(3844994400000, -18000000),
(3855884400000, -14400000),
(3876444000000, -18000000),
(3887334000000, -14400000),
(3907893600000, -18000000),
(3919388400000, -14400000);
--> statement-breakpoint
INSERT INTO `business_zone_offsets` (`starts_at`, `offset_ms`) VALUES
(3939948000000, -18000000),
(3950838000000, -14400000),
(3971397600000, -18000000),
(3982287600000, -14400000),
(4002847200000, -18000000),
(4013737200000, -14400000),
(4034296800000, -18000000),
(4045186800000, -14400000),
(4065746400000, -18000000),
(4076636400000, -14400000),
(4097196000000, -18000000),
(4108690800000, -14400000),
(4129250400000, -18000000);
