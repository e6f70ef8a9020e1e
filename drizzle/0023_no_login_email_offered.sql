-- The login form no longer offers the first administrator's e-mail to anybody who asks (GET /api/config):
-- each browser remembers the e-mail last used there instead.
DELETE FROM `settings` WHERE `key` = 'defaultLoginEmail';
