package dev.sno.micronaut;

import io.micronaut.management.health.indicator.HealthIndicator;
import io.micronaut.management.health.indicator.HealthResult;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/** The first result of a health indicator's publisher, waited for (at most 10 s). */
final class Health {

    private Health() {
    }

    static HealthResult of(HealthIndicator indicator) {
        CompletableFuture<HealthResult> result = new CompletableFuture<>();
        indicator.getResult().subscribe(new Subscriber<HealthResult>() {
            @Override
            public void onSubscribe(Subscription s) {
                s.request(1);
            }

            @Override
            public void onNext(HealthResult r) {
                result.complete(r);
            }

            @Override
            public void onError(Throwable t) {
                result.completeExceptionally(t);
            }

            @Override
            public void onComplete() {
                result.completeExceptionally(new IllegalStateException("no health result"));
            }
        });
        try {
            return result.get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException(e);
        }
    }
}
