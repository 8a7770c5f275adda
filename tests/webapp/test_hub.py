"""The hub: a change announced to a room reaches every subscriber's next render, whatever the timing."""

from __future__ import annotations

from webapp.hub import Hub


def test_a_change_wakes_each_subscriber_of_its_room_once():
    hub = Hub()
    one, other, elsewhere = hub.subscribe("r", 0), hub.subscribe("r", None), hub.subscribe("s", 1)
    hub.publish("r")
    hub.publish("r")  # coalesces with the first
    assert (one.wait(0), one.wait(0)) == (True, False)
    assert other.wait(0) is True and elsewhere.wait(0) is False


def test_a_change_announced_just_as_a_wait_times_out_is_not_lost(monkeypatch):
    subscription = Hub().subscribe("r", 0)
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
