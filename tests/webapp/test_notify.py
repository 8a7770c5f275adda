"""The notifier: a change announced for a topic reaches every subscriber's next render, whatever the timing."""

from __future__ import annotations

from webapp.runtime.notify import LocalNotifier


def test_a_change_wakes_each_subscriber_of_its_room_once():
    notifier = LocalNotifier()
    one, other, elsewhere = notifier.subscribe("r", 0), notifier.subscribe("r", None), notifier.subscribe("s", 1)
    notifier.publish("r", 3)
    notifier.publish("r", 4)  # coalesces with the first
    assert (one.wait(0), one.wait(0)) == (True, False)
    assert one.version == 4 and other.wait(0) is True and elsewhere.wait(0) is False


def test_a_change_announced_just_as_a_wait_times_out_is_not_lost(monkeypatch):
    subscription = LocalNotifier().subscribe("r", 0)
    flag = subscription._changed
    real_wait = flag.wait

    def times_out_as_a_change_comes(timeout):
        timed_out = real_wait(0)
        subscription.notify()  # between the timeout and whatever the waiter does next
        return timed_out

    monkeypatch.setattr(flag, "wait", times_out_as_a_change_comes)
    assert subscription.wait(1.0) is False
    monkeypatch.undo()
    assert subscription.wait(0) is True  # the next round renders it


def test_listeners_hear_every_change_and_a_closed_subscription_wakes_its_waiter():
    notifier = LocalNotifier()
    heard = []
    notifier.listen(lambda topic, version: heard.append((topic, version)))
    subscription = notifier.subscribe("r", 0)
    notifier.publish("r", 7)
    notifier.unsubscribe(subscription)
    notifier.publish("r", 8)
    assert heard == [("r", 7), ("r", 8)] and subscription.version == 7
    subscription.close()
    assert subscription.wait(0) is True and subscription.closed
